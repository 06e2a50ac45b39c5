// Browser test of the derived head totals (issue 12) against a real formwork server.
// (1) employee01 opens a new EX02: the head amount is read-only; typing two charge-line
// amounts updates it as they are typed (the form's evaluate call works it out), deleting
// a line updates it again, and the saved document carries the server's total even when
// the request claims another. (2) finance01 files a DZ (ledger) voucher: with lines that
// do not balance, the finding naming the difference (借贷不平衡，差额 …) shows at the lines
// while they are typed (the evaluate call reads the posting keys' sides from master data
// as the save does), and the save is refused with it; balanced, it saves with the debit
// total as its amount. Fails on any console error or warning. Run by e2e/run.mjs
// (`node e2e/run.mjs totals`).
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, pickFirstRef, scenario, STEP_TIMEOUT } from './harness.mjs';
import { addPaymentLine, addRow, assertHeadAmountReadOnly, pickRef, typeAmount, waitForShown } from './lines.mjs';

const EVALUATE = '/api/formwork/evaluate';

/** Numbers from the API may come as 23.45 or "23.45": compared as numbers. */
const sameNumber = (a, b) => Number(a) === Number(b);

/** Resolves with the next evaluate answer whose head.amount is want (fails after the step timeout). */
function evaluateAnswering(page, want) {
  return page
    .waitForResponse(
      async (r) => {
        if (new URL(r.url()).pathname !== EVALUATE || r.status() !== 200) return false;
        const body = await r.json().catch(() => undefined);
        return sameNumber(body?.data?.values?.['head.amount'], want);
      },
      { timeout: STEP_TIMEOUT },
    )
    .catch(() => {
      throw new Error(`no evaluate answer gave head.amount ${want}`);
    });
}

/** Opens a new document of docType and picks businessType1 = subType; waits for the form it refetches. */
async function openNew(page, baseUrl, docType, subType) {
  await page.goto(`${baseUrl}/form?docType=${docType}&action=new`);
  await page.locator('[data-form-ready="true"] #root_head_description').waitFor({ timeout: STEP_TIMEOUT });
  const refetch = page.waitForResponse((r) => r.url().includes(`/docTypes/${docType}/form`) && r.url().includes(`subType=${subType}`));
  await page.locator('#businessType1').click();
  await page.locator(`[role="listbox"] [role="option"][data-option="${subType}"]`).click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
  assertEqual((await refetch).status(), 200, `form of ${docType} ${subType}`);
  await page.locator('[data-form-ready="true"] #root_head_description').waitFor({ timeout: STEP_TIMEOUT });
}

async function settle(page) {
  await page.waitForTimeout(600);
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT }).catch(() => undefined);
}

export async function run({ browser, baseUrl, serverUrl }) {
  const probes = [];
  let page;
  const s = scenario('totals', () => page);
  const step = s.step.bind(s);
  let claim;

  await step('employee01 opens a new EX02: its head amount is read-only', async () => {
    const probe = await openPage(browser, 'employee01');
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    // 通讯费 (A04): charge and payment lines, no itinerary.
    await openNew(page, baseUrl, 'EX02', 'A04');
    await page.locator('#root_head_description').fill(`E2E totals ${Date.now()}`);
    await assertHeadAmountReadOnly(page);
  });

  await step('typing two line amounts updates the head amount as they are typed', async () => {
    for (const [amount, total, shown] of [
      ['100', 100, '100.00'],
      ['23.45', 123.45, '123.45'],
    ]) {
      const index = await addRow(page, 'lineList');
      await pickFirstRef(page, `#root_lineList_${index}_costType`);
      const cell = page.locator(`#root_lineList_${index}_amount`);
      await cell.click();
      const answered = evaluateAnswering(page, total);
      await cell.pressSequentially(amount);
      await answered;
      // Still typing (the cell keeps the focus): the head shows the new total already.
      await waitForShown(page, 'root_head_amount', shown, `head amount after line ${index + 1} typed`);
      assertEqual(await page.evaluate(() => document.activeElement?.id), `root_lineList_${index}_amount`, 'the focus stays in the line');
      await cell.blur();
    }
  });

  await step('deleting a line updates the head amount again', async () => {
    const answered = evaluateAnswering(page, 23.45);
    await page.locator('[data-table="lineList"] tr[data-row="0"] [data-action="delete-row"]').click();
    await answered;
    await waitForShown(page, 'root_head_amount', '23.45', 'head amount after the first line is deleted');
    assertEqual(await page.locator('[data-table="lineList"] tr[data-row]').count(), 1, 'lines left');
    assertEqual(await page.locator('#root_lineList_0_amount').inputValue(), '23.45', 'the line left is the second');
  });

  await step('the saved document carries the server total, whatever the request says', async () => {
    await addPaymentLine(page, '23.45');
    await waitForShown(page, 'root_head_restAmount', '0.00', 'rest amount once paid');
    await settle(page);
    // The request is made to claim another amount: the server works its own out from the lines.
    let sent;
    await page.route('**/head/create**', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      sent = body.head?.amount;
      body.head = { ...body.head, amount: 99999, restAmount: 0 };
      await route.continue({ postData: JSON.stringify(body) });
    });
    const created = page.waitForResponse((r) => r.url().includes('/head/create'));
    await page.locator('[data-button="save"]').click();
    const res = await created;
    const body = await res.json();
    await page.unroute('**/head/create**');
    assert(sameNumber(sent, 23.45), `the form sent the total it showed, 23.45, here replaced by 99999: ${sent}`);
    assertEqual(res.status(), 200, `create status (${body.message} ${JSON.stringify(body.data?.errors ?? '')})`);
    claim = body.data.head;
    assert(sameNumber(claim.amount, 23.45), `answer head.amount ${claim.amount}, want 23.45`);
    assert(sameNumber(claim.restAmount, 0), `answer head.restAmount ${claim.restAmount}, want 0`);
    await page.locator('[data-notice="saved"]').waitFor();
    await waitForShown(page, 'root_head_amount', '23.45', 'head amount after the save');
    const token = (await loginThroughApi(serverUrl, 'employee01', 'demo123')).token;
    const loaded = await fetch(`${serverUrl}/api/galaxyform/yx/ap/head/load?businessId=${encodeURIComponent(claim.businessId)}&action=edit`, {
      headers: { 'X-token': token },
    });
    const stored = (await loaded.json()).data;
    assert(sameNumber(stored.head.amount, 23.45), `stored head.amount ${stored.head.amount}, want 23.45`);
    assertEqual(stored.lineList.length, 1, 'stored charge lines');
  });

  await step('finance01: a DZ voucher whose lines do not balance shows the difference at the lines while typed, and is refused with it', async () => {
    const probe = await openPage(browser, 'finance01');
    probes.push(probe);
    page = probe.page;
    probe.expectFailure(422, '/head/create');
    await loginThroughPage(page, baseUrl, 'finance01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    // 其他 (D12): no tax group to link.
    await openNew(page, baseUrl, 'DZ', 'D12');
    await assertHeadAmountReadOnly(page);
    await page.locator('#root_head_description').fill(`E2E 凭证 ${Date.now()}`);
    await typeAmount(page, 'root_head_pstingDate', '2026-11-30');
    // 40: G/L debit, 50: G/L credit (master data postingKey).
    for (const [bschl, account, amount] of [
      ['40', '6602010000', '2150'],
      ['50', '2241990000', '2000'],
    ]) {
      const index = await addRow(page, 'lineList');
      await pickRef(page, `root_lineList_${index}_bschl`, bschl);
      await pickRef(page, `root_lineList_${index}_account`, account);
      await typeAmount(page, `root_lineList_${index}_amount`, amount);
    }
    await settle(page);
    // While drafting, before any save: the evaluate call's finding shows under the lines.
    await page.locator('[id^="root_lineList__error"]').filter({ hasText: '借贷不平衡，差额 150.00' }).first().waitFor({ timeout: STEP_TIMEOUT });
    const created = page.waitForResponse((r) => r.url().includes('/head/create'));
    await page.locator('[data-button="save"]').click();
    const res = await created;
    const body = await res.json();
    assertEqual(res.status(), 422, 'unbalanced voucher status');
    const findings = body.data.errors.map((e) => `${e.path} ${e.rule} ${e.message}`);
    assertEqual(findings.join(' | '), 'lineList ledger.balanced 借贷不平衡，差额 150.00', 'findings');
    // At the lines: under the voucher lines' table, not only in the notice.
    const atLines = page.locator('[id^="root_lineList__error"]').filter({ hasText: '借贷不平衡，差额 150.00' }).first();
    await atLines.waitFor();
    const table = await page.locator('[data-table="lineList"]').boundingBox();
    const error = await atLines.boundingBox();
    assert(table && error && error.y >= table.y + table.height - 1 && error.y - (table.y + table.height) < 80, `the finding shows right under the lines (table ${JSON.stringify(table)}, finding ${JSON.stringify(error)})`);
    const notice = await page.locator('[data-notice="prompt"]').innerText();
    assert(notice.includes('借贷不平衡，差额 150.00'), `the 提示 notice names the difference: ${notice}`);
    assert(!new URL(page.url()).searchParams.get('businessId'), 'nothing stored: the form stays a new one');
  });

  await step('balanced, the voucher saves with the debit total as its amount', async () => {
    await typeAmount(page, 'root_lineList_1_amount', '2150');
    await settle(page);
    const created = page.waitForResponse((r) => r.url().includes('/head/create'));
    await page.locator('[data-button="save"]').click();
    const res = await created;
    const body = await res.json();
    assertEqual(res.status(), 200, `balanced voucher status (${body.message} ${JSON.stringify(body.data?.errors ?? '')})`);
    assert(sameNumber(body.data.head.amount, 2150), `voucher amount ${body.data.head.amount}, want the debit total 2150`);
    await page.locator('[data-notice="saved"]').waitFor();
    await waitForShown(page, 'root_head_amount', '2,150.00', 'voucher amount after the save');
    assertEqual(await page.locator('[id^="root_lineList__error"]').count(), 0, 'no finding left at the lines');
  });

  for (const [i, probe] of probes.entries()) {
    await step(`page ${i + 1} logged no console errors or warnings`, async () => probe.assertNoConsoleProblems(), { always: true });
  }
  if (probes.length === 0) await step('a page ran', async () => assert(false, 'no page opened'), { always: true });
  for (const probe of probes) await probe.context.close().catch(() => undefined);
}

// Browser test of recall, the rejection on top and the budget while drafting (issue 12
// items 5 and 6) against a real formwork server: employee01 submits an EX02 on the form,
// finds it in MY00006 撤销单据, recalls it from the form with a comment, and has a draft
// again (editable, submit offered, the budget panel back, the recall in the history);
// a claim manager01 rejected shows the reason, who and when on top of its form and in
// the reason column of MY00005 我的退回单据. Run by e2e/run.mjs (npm run e2e recall).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario } from './harness.mjs';
import { callApi, findRow, openWorklist, toolbar, waitForDocument } from './pages.mjs';

const example = JSON.parse(readFileSync(join(repoDir, 'rules/examples/form/EX02.json'), 'utf8'));

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('recall', () => page);
  const step = s.step.bind(s);
  const probes = [];
  const stamp = Date.now();
  const recallText = `E2E 撤回 ${stamp}`;
  const rejectText = `E2E 驳回原因 ${stamp}`;
  const reason = `请补充发票（E2E ${stamp}）`;
  let toRecall = '';
  let rejected = '';

  await step('employee01 files an EX02 draft; another is submitted and rejected by manager01', async () => {
    const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
    const create = async (description) => {
      const res = await callApi(serverUrl, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', { ...example, head: { ...example.head, description } });
      assertEqual(res.status, 200, `create (${res.body.message})`);
      return res.body.data.head.businessId;
    };
    toRecall = await create(recallText);
    rejected = await create(rejectText);
    const submitted = await callApi(serverUrl, token, 'POST', '/api/galaxyform/process/startProcess?confirm=budget.weak', { businessId: rejected });
    assertEqual(submitted.status, 200, `submit (${submitted.body.message})`);
    const manager = (await loginThroughApi(serverUrl, 'manager01', 'demo123')).token;
    const history = await callApi(serverUrl, manager, 'GET', `/api/galaxyform/process/history?businessId=${rejected}`);
    const taskId = history.body.data.openTask?.taskId;
    assert(taskId, `manager01 holds the open task of ${rejected}`);
    const decided = await callApi(serverUrl, manager, 'POST', '/api/galaxyform/process/complete', { businessId: rejected, taskId, result: 'reject', comment: reason });
    assertEqual(decided.status, 200, `reject (${decided.body.message})`);
    console.log(`     ${toRecall} to recall, ${rejected} rejected`);
  });

  await step('employee01 submits the draft on the form, whose budget panel showed what it would draw', async () => {
    const employee = await openPage(browser, 'employee01');
    probes.push(employee);
    page = employee.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await page.goto(`${baseUrl}/form?docType=EX02&businessId=${toRecall}&action=edit`);
    await waitForDocument(page, toRecall);
    await page.locator('[data-panel="budget"] [data-budget-line]').first().waitFor();
    const answer = page.waitForResponse((r) => r.url().includes('/process/startProcess'));
    await page.locator('[data-button="submit"]').click();
    const res = await answer;
    if (res.status() === 422) {
      // a weak budget asks first: the same words the panel showed
      const dialog = page.locator('[data-dialog="confirm"]');
      await dialog.waitFor();
      const confirmed = page.waitForResponse((r) => r.url().includes('/process/startProcess') && r.url().includes('confirm='));
      await dialog.getByRole('button', { name: '确认' }).click();
      assertEqual((await confirmed).status(), 200, 'confirmed submit');
    } else {
      assertEqual(res.status(), 200, 'submit status');
    }
    await page.locator('[data-document-status="inApproval"]').waitFor();
    assertEqual((await toolbar(page)).join(','), 'recall,print', 'before any decision the owner may recall');
    assertEqual(await page.locator('[data-panel="budget"]').count(), 0, 'no budget panel in approval');
  });

  await step('the submitted claim is in MY00006 撤销单据 with a recall button, and opens in the form', async () => {
    await openWorklist(page, 'MY', 'MY00006', 'recall');
    const row = await findRow(page, toRecall);
    await row.locator('[data-row-action="recall"]').waitFor();
    assert((await row.locator('[data-cell="status"]').innerText()).includes('审批中'), 'status 审批中');
    await page.locator(`[data-open="${toRecall}"]`).click();
    await page.waitForURL((u) => u.searchParams.get('businessId') === toRecall && u.searchParams.get('action') === 'edit');
    await waitForDocument(page, toRecall);
  });

  await step('employee01 recalls it from the form: a draft again, editable, with the recall in its history', async () => {
    await page.locator('[data-button="recall"]').click();
    const dialog = page.locator('[data-dialog="comment"][data-action="recall"]');
    await dialog.waitFor();
    await dialog.locator('#process-comment').fill('金额填错了');
    const answer = page.waitForResponse((r) => r.url().includes('/process/recall'));
    await dialog.locator('[data-action="confirm-comment"]').click();
    const res = await answer;
    assertEqual(res.status(), 200, 'recall status');
    assertEqual((await res.json()).data.status, 'draft', 'the answer says draft');
    assert((await page.locator('[data-notice="lifecycle"]').innerText()).includes('已撤回'), 'the notice says 已撤回');
    await page.locator('[data-document-status="draft"]').waitFor();
    const buttons = await toolbar(page);
    for (const b of ['save', 'submit']) assert(buttons.includes(b), `toolbar has ${b} again: ${buttons}`);
    assert(!buttons.includes('recall'), `no recall on a draft: ${buttons}`);
    assert(await page.locator('#root_head_description').isEnabled(), 'the description is editable again');
    if ((await page.locator('[data-history-panel="open"]').count()) === 0) await page.locator('[data-action="history"]').click();
    await page.locator('[data-history-events] tr[data-event="recall"]').waitFor();
    assert((await page.locator('[data-history-events] tr[data-event="recall"]').innerText()).includes('金额填错了'), 'the recall event shows the comment');
  });

  await step('the recalled claim left MY00006', async () => {
    await openWorklist(page, 'MY', 'MY00006', 'recall');
    await page.locator('#worklist-businessId').fill(toRecall);
    const answer = page.waitForResponse((r) => r.url().includes('/worklist/query') && r.request().postData()?.includes(toRecall));
    await page.locator('[data-action="worklist-query"]').click();
    const body = await (await answer).json();
    assertEqual(body.data.total, 0, 'no recallable document of that number');
    await page.locator('[data-worklist-empty]').waitFor();
  });

  await step('the rejected claim shows the reason, who and when on top of its form, and in MY00005', async () => {
    await openWorklist(page, 'MY', 'MY00005', 'returned');
    const row = await findRow(page, rejected);
    assertEqual((await row.locator('[data-cell="rejectReason"]').innerText()).trim(), reason, 'the reason column');
    assertEqual((await row.locator('[data-cell="rejectBy"]').innerText()).trim(), '李四', 'rejected by');
    await page.locator(`[data-open="${rejected}"]`).click();
    await waitForDocument(page, rejected);
    const banner = page.locator('[data-banner="returned"]');
    await banner.waitFor();
    assertEqual((await banner.locator('[data-returned-reason]').innerText()).trim(), `驳回原因：${reason}`, 'the banner reason');
    const by = await banner.locator('[data-returned-by]').innerText();
    assert(/^李四 于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 驳回$/.test(by.trim()), `who and when: ${by}`);
    const [bannerTop, toolbarTop] = await Promise.all([banner.boundingBox(), page.locator('[data-toolbar]').boundingBox()]);
    assert(bannerTop && toolbarTop && bannerTop.y < toolbarTop.y, 'the banner is above the toolbar');
  });

  await step(
    'no console errors or warnings',
    async () => {
      assert(probes.length > 0, 'no page ran');
      for (const p of probes) p.assertNoConsoleProblems();
    },
    { always: true },
  );
  for (const p of probes) await p.context.close().catch(() => undefined);
}

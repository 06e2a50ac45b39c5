// Browser test of issue 13's done-when, money out from end to end, against a real formwork
// server posting to the accounting and tax simulators started as their own processes
// (`formwork simulate accounting|tax`): employee01's EX02 draft is submitted on the form;
// manager01 and finance01 approve it on the form; employee01 sees it approved and its payment
// pending on 付款状态; finance01 marks the payment line paid with the bank's reference on the
// finance payment list; finance01 opens it in action fssc, previews and posts the voucher and
// sees the SAP number (EX02's type shows no tax-group button); finance01 pushes an approved
// P08 of service fees, whose type shows it, to the tax system from the tax-group button (sign
// 20 without a year is refused by the server naming the year; with year and period it is
// accepted with the tax number, in the document's pushes); employee01 then sees the claim paid
// with the bank reference on 付款状态 and 我的付款, and on his read-only form of the claim the
// money-out panel shows the payment line paid with the reference, his account masked, and the
// voucher posted with the SAP number finance posted. The employee's read mode offers no voucher
// preview (no lines); the panel shows only the posting state. Run by e2e/run.mjs
// (`node e2e/run.mjs moneyout`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario, startServer, startSimulator, stopServer } from './harness.mjs';
import { callApi, waitForDocument } from './pages.mjs';
import { approveAs, move, openMenu } from './payments.e2e.mjs';

const example = JSON.parse(readFileSync(join(repoDir, 'rules/examples/form/EX02.json'), 'utf8'));
// P08 service fees (businessType1 P01): its type shows the tax-group button; EX02's does not.
const serviceFees = JSON.parse(readFileSync(join(repoDir, 'rules/examples/form/P08.json'), 'utf8'));

/** Approves the document open on the form as its task holder, with a comment. */
async function approveOnForm(page, url, businessId, comment) {
  await page.goto(`${url}/form?docType=EX02&businessId=${businessId}&action=oareview`);
  await waitForDocument(page, businessId);
  await page.locator('[data-button="approve"]').click();
  const dialog = page.locator('[data-dialog="comment"][data-action="approve"]');
  await dialog.waitFor();
  await dialog.locator('#process-comment').fill(comment);
  const answer = page.waitForResponse((r) => r.url().includes('/process/complete'));
  await dialog.locator('[data-action="confirm-comment"]').click();
  assertEqual((await answer).status(), 200, `approve (${comment})`);
  await dialog.waitFor({ state: 'detached' });
}

/** The employee's 付款状态 row of the line, once it shows status. */
async function paymentStateRow(page, line, status) {
  await openMenu(page, 'main', 'paymentStateView', 'payment-state');
  const row = page.locator(`[data-payment-line="${line}"]`);
  await row.locator(`[data-payment-status="${status}"]`).waitFor();
  return row;
}

export async function run({ browser }) {
  let page;
  const probes = [];
  let accounting;
  let tax;
  let server;
  const s = scenario('moneyout', () => page);
  const step = s.step.bind(s);
  const bankRef = `B${String(Date.now()).slice(-10)}`;
  let id = '';
  let line = '';
  let employee;
  let finance;
  let belnr = '';
  const open = async (who) => {
    const probe = await openPage(browser, who);
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, server.url, who, 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    return probe;
  };
  try {
    await step('the accounting and tax simulators and a server posting to them start', async () => {
      accounting = await startSimulator('accounting');
      tax = await startSimulator('tax');
      server = await startServer({
        env: { FORMWORK_ACCOUNTING_URL: accounting.url, FORMWORK_TAX_URL: tax.url, FORMWORK_TAX_USER: 'formwork', FORMWORK_TAX_PASSWORD: 'e2e' },
      });
    });

    await step('employee01 submits an EX02 draft on the form; it is in approval, nothing to pay yet', async () => {
      const { token } = await loginThroughApi(server.url, 'employee01', 'demo123');
      const res = await callApi(server.url, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', {
        ...example,
        head: { ...example.head, description: `E2E 付款到凭证 ${Date.now()}` },
      });
      assertEqual(res.status, 200, `create the draft (${res.body.message})`);
      id = res.body.data.head.businessId;
      line = `${id}#1`;
      employee = await open('employee01');
      await page.goto(`${server.url}/form?docType=EX02&businessId=${id}&action=edit`);
      await waitForDocument(page, id);
      const answer = page.waitForResponse((r) => r.url().includes('/process/startProcess'));
      await page.locator('[data-button="submit"]').click();
      assertEqual((await answer).status(), 200, 'submit');
      await page.locator('[data-document-status="inApproval"]').waitFor();
      const state = await callApi(server.url, token, 'POST', '/api/galaxypayment/api/boe/get', { businessId: id });
      assertEqual(`${state.body.data.payable} ${state.body.data.lines.length}`, 'false 0', 'in approval it is not payable');
    });

    await step('manager01 and finance01 approve it on the form', async () => {
      await open('manager01');
      await approveOnForm(page, server.url, id, '同意（E2E 付款）');
      finance = await open('finance01');
      await approveOnForm(page, server.url, id, '财务审核通过（E2E 付款）');
      await page.locator('[data-document-status="approved"]').waitFor();
    });

    await step('employee01 sees it approved and its payment pending on 付款状态, the account masked', async () => {
      page = employee.page;
      await page.goto(`${server.url}/form?docType=EX02&businessId=${id}&action=read`);
      await waitForDocument(page, id);
      await page.locator('[data-document-status="approved"]').waitFor();
      await page.locator(`[data-money-out-panel] [data-payment-line="${line}"] [data-payment-status="pending"]`).waitFor();
      await page.locator('[data-money-out-panel] [data-posting-state="notPosted"]').waitFor();
      const row = await paymentStateRow(page, line, 'pending');
      assertEqual((await row.locator('[data-column="account"]').innerText()).trim(), '6214********5678', 'the account as the employee sees it');
    });

    await step('finance01 marks the payment line paid with the bank reference', async () => {
      page = finance.page;
      await openMenu(page, 'CW', 'CW00003', 'finance-payments');
      await page.locator(`[data-payment-line="${line}"] [data-payment-status="pending"]`).waitFor();
      await move(page, line, 'paid', { 'payment-bankRef': bankRef }, 'paid');
    });

    await step('finance01 previews the voucher in action fssc, posts it and sees the SAP number', async () => {
      await page.goto(`${server.url}/form?docType=EX02&businessId=${id}&action=fssc`);
      await waitForDocument(page, id);
      await page.locator('[data-voucher-panel] [data-button="voucherPreview"]').click();
      await page.locator('[data-voucher-line="1"]').waitFor();
      const answer = page.waitForResponse((r) => r.url().includes('/queryVoucher/submitVoucher'));
      await page.locator('[data-button="submitVoucher"]').click();
      assertEqual((await answer).status(), 200, 'submitVoucher');
      const posted = page.locator('[data-sap-belnr]');
      await posted.waitFor();
      belnr = (await posted.getAttribute('data-sap-belnr')) ?? '';
      assert(/^51\d{8}$/.test(belnr), `the SAP number ${belnr}`);
      assertEqual(await page.locator('[data-button="taxGroup"]').count(), 0, "EX02's type shows no tax-group button");
    });

    await step('finance01 pushes an approved P08 (service fees) to the tax system under sign 20: refused without a year, accepted with year and period', async () => {
      const { token } = await loginThroughApi(server.url, 'employee01', 'demo123');
      const res = await callApi(server.url, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', serviceFees);
      assertEqual(res.status, 200, `create the P08 (${res.body.message})`);
      const fees = res.body.data.head.businessId;
      assertEqual((await callApi(server.url, token, 'POST', '/api/galaxyform/process/startProcess', { businessId: fees })).status, 200, 'submit the P08');
      await approveAs(server.url, 'manager01', fees);
      await approveAs(server.url, 'finance01', fees);
      await page.goto(`${server.url}/form?docType=P08&businessId=${fees}&action=fssc`);
      await waitForDocument(page, fees);
      finance.expectFailure(400, '/api/formwork/tax/push');
      await page.locator('[data-tax-panel] [data-button="taxGroup"]').click();
      const dialog = page.locator('[data-tax-dialog]');
      await dialog.waitFor();
      await dialog.getByText('尚未推送').waitFor();
      assertEqual(await dialog.locator('[data-field="orderSign"]').inputValue(), '03', 'the default order sign');
      await dialog.locator('[role="combobox"]').click();
      const signs = await page.locator('[data-sign]').evaluateAll((els) => els.map((e) => e.getAttribute('data-sign')));
      assertEqual(signs.join(','), '03,07,09,10,11,12,16,20,21,22', "the server's order signs");
      await page.locator('[data-sign="20"]').click();
      const refused = page.waitForResponse((r) => r.url().includes('/api/formwork/tax/push'));
      await dialog.locator('[data-button="taxPush"]').click();
      assertEqual((await refused).status(), 400, 'sign 20 without a year');
      assert((await dialog.locator('[data-tax-refused]').innerText()).includes('年度'), 'the refusal names the year');
      await dialog.locator('[data-field="year"]').fill('2026');
      await dialog.locator('[data-field="period"]').fill('11');
      const accepted = page.waitForResponse((r) => r.url().includes('/api/formwork/tax/push'));
      await dialog.locator('[data-button="taxPush"]').click();
      assertEqual((await accepted).status(), 200, 'sign 20 with year and period');
      const taxNo = await dialog.locator('[data-tax-no]').getAttribute('data-tax-no');
      assert(/^TX\d{8}$/.test(taxNo ?? ''), `the tax number ${taxNo}`);
      const pushed = dialog.locator('[data-tax-push="1"][data-status="S"]');
      await pushed.waitFor();
      const text = await pushed.innerText();
      assert(text.includes('2026-11') && text.includes(taxNo), `the push log of the document shows it: ${text}`);
      assertEqual(await dialog.locator('[data-tax-push]').count(), 1, 'the refused request is no push');
      await dialog.getByRole('button', { name: '关闭' }).click();
    });

    await step('employee01 sees it paid with the bank reference on 付款状态 and 我的付款', async () => {
      page = employee.page;
      const row = await paymentStateRow(page, line, 'paid');
      assertEqual((await row.locator('[data-column="bankRef"]').innerText()).trim(), bankRef, 'the bank reference on 付款状态');
      await openMenu(page, 'main', 'myPayment', 'my-payments');
      const mine = page.locator(`[data-payment-line="${line}"]`);
      await mine.locator('[data-payment-status="paid"]').waitFor();
      assertEqual((await mine.locator('[data-column="bankRef"]').innerText()).trim(), bankRef, 'the bank reference on 我的付款');
    });

    await step('employee01 sees on his read-only form the line paid, his account masked, and the SAP number finance posted', async () => {
      await page.goto(`${server.url}/form?docType=EX02&businessId=${id}&action=read`);
      await waitForDocument(page, id);
      const panel = page.locator('[data-money-out-panel]');
      const paid = panel.locator(`[data-payment-line="${line}"]`);
      await paid.locator('[data-payment-status="paid"]').waitFor();
      assertEqual((await paid.locator('[data-column="bankRef"]').innerText()).trim(), bankRef, 'the bank reference on the form');
      assertEqual((await paid.locator('[data-column="account"]').innerText()).trim(), '6214********5678', 'the account masked on the form');
      const posted = panel.locator('[data-posting-state="posted"] [data-posting-belnr]');
      await posted.waitFor();
      assertEqual(await posted.getAttribute('data-posting-belnr'), belnr, "the SAP number as finance posted it");
      assert((await posted.innerText()).includes(belnr), `the panel names the SAP number: ${await posted.innerText()}`);
      assertEqual(await page.locator('[data-button="voucherPreview"]').count(), 0, "the employee's read mode offers no voucher preview");
      for (const p of probes) p.assertNoConsoleProblems();
    });
  } finally {
    for (const p of probes) await p.context.close().catch(() => undefined);
    await stopServer(server, { showOutput: s.broken });
    accounting?.child.kill('SIGTERM');
    tax?.child.kill('SIGTERM');
  }
}

// Browser test of payments against a real formwork server: employee01's EX02 claim is
// approved through the API (manager01, then finance01); finance01 opens the finance
// payment list (CW00003 付款导入), marks the claim's payment line failed with the bank's
// message, corrects the payee account, sends it again and marks it paid with the bank's
// reference; employee01 then sees it paid on 付款状态 (with its history) and on 我的付款,
// the account showing only its first and last 4 digits. Fails on any console error or
// warning. Run by e2e/run.mjs (`node e2e/run.mjs payments`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario } from './harness.mjs';
import { callApi } from './pages.mjs';

/** Opens an entry of a sidebar group and waits for its page. */
export async function openMenu(page, group, code, pageName) {
  const g = page.locator(`[data-menu-group="${group}"]`);
  const head = g.locator('[aria-expanded]').first();
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  await g.locator(`[data-menu="${code}"]`).click();
  await page.locator(`[data-page="${pageName}"]`).waitFor();
}

/** Completes the open task of a document as username (approve). */
export async function approveAs(serverUrl, username, businessId) {
  const token = (await loginThroughApi(serverUrl, username, 'demo123')).token;
  const history = await callApi(serverUrl, token, 'GET', `/api/galaxyform/process/history?businessId=${businessId}`);
  const taskId = history.body.data.openTask?.taskId;
  assert(taskId, `${username} holds the open task of ${businessId}`);
  const done = await callApi(serverUrl, token, 'POST', '/api/galaxyform/process/complete', { businessId, taskId, result: 'approve' });
  assertEqual(done.status, 200, `approve as ${username} (${done.body.message})`);
}

/** Does one move of the line on screen through its dialog and waits for the new status. */
export async function move(page, line, action, fields, status) {
  const row = page.locator(`[data-payment-line="${line}"]`);
  await row.locator(`[data-payment-action="${action}"]`).click();
  const dialog = page.locator(`[data-payment-dialog="${action}"]`);
  await dialog.waitFor();
  for (const [id, value] of Object.entries(fields)) await page.locator(`#${id}`).fill(value);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /paid|paidFail|account/.test(new URL(r.url()).pathname));
  await dialog.locator('[data-payment-save]').click();
  const res = await answered;
  assertEqual(res.status(), 200, `${action}: ${(await res.json()).message}`);
  await dialog.waitFor({ state: 'detached' });
  await row.locator(`[data-payment-status="${status}"]`).waitFor();
}

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('payments', () => page);
  const step = s.step.bind(s);
  const example = JSON.parse(readFileSync(join(repoDir, 'seeds', 'documents', 'EX02-travel.json'), 'utf8'));
  const newAccount = '6222020200112233';
  let id = '';
  let line = '';
  let finance;

  await step('employee01 files an EX02 claim, manager01 and finance01 approve it', async () => {
    const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
    const doc = { ...example, head: { ...example.head, description: `E2E 付款 ${String(Date.now()).slice(-6)}` } };
    const created = await callApi(serverUrl, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', doc);
    assertEqual(created.status, 200, `create (${created.body.message})`);
    id = created.body.data.head.businessId;
    line = `${id}#1`;
    const submitted = await callApi(serverUrl, token, 'POST', '/api/galaxyform/process/startProcess', { businessId: id });
    assertEqual(submitted.status, 200, `submit (${submitted.body.message})`);
    await approveAs(serverUrl, 'manager01', id);
    await approveAs(serverUrl, 'finance01', id);
    const state = await callApi(serverUrl, token, 'POST', '/api/galaxypayment/api/boe/get', { businessId: id });
    assertEqual(state.body.data.paymentStatus, 'pending', 'the approved claim is payable');
  });

  await step('finance01 opens the finance payment list and finds the pending line with the account whole', async () => {
    finance = await openPage(browser, 'finance01');
    page = finance.page;
    await loginThroughPage(page, baseUrl, 'finance01', 'demo123');
    await openMenu(page, 'CW', 'CW00003', 'finance-payments');
    const row = page.locator(`[data-payment-line="${line}"]`);
    await row.locator('[data-payment-status="pending"]').waitFor();
    assertEqual((await row.locator('[data-column="account"]').innerText()).trim(), '6214830212345678', 'finance sees the account');
  });

  await step('finance01 marks it failed with the bank message, corrects the account, sends it again and marks it paid', async () => {
    await move(page, line, 'failed', { 'payment-bankMessage': '户名与账号不符' }, 'failed');
    const row = page.locator(`[data-payment-line="${line}"]`);
    assertEqual((await row.locator('[data-column="bankMessage"]').innerText()).trim(), '户名与账号不符', 'the bank message');
    await move(page, line, 'account', { 'payment-account': newAccount }, 'failed');
    // the status stays failed, so move's wait for it does not wait for the list read again
    await row.locator('[data-column="account"]', { hasText: newAccount }).waitFor();
    assertEqual((await row.locator('[data-column="account"]').innerText()).trim(), newAccount, 'the corrected account');
    await move(page, line, 'resend', {}, 'pending');
    await move(page, line, 'paid', { 'payment-bankRef': 'B20261124E2E' }, 'paid');
    assertEqual((await row.locator('[data-column="bankRef"]').innerText()).trim(), 'B20261124E2E', 'the bank reference');
    finance.assertNoConsoleProblems();
    await finance.context.close();
  });

  await step('employee01 sees it paid on 付款状态 with its history and on 我的付款, the account masked', async () => {
    const employee = await openPage(browser, 'employee01');
    page = employee.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await openMenu(page, 'main', 'paymentStateView', 'payment-state');
    const row = page.locator(`[data-payment-line="${line}"]`);
    await row.locator('[data-payment-status="paid"]').waitFor();
    assertEqual((await row.locator('[data-column="account"]').innerText()).trim(), '6222********2233', 'the account as the employee sees it');
    await row.locator('button').click();
    const events = page.locator(`[data-payment-events="${id}"] tbody tr`);
    await events.nth(4).waitFor();
    assertEqual(await events.count(), 5, 'payable, failed, account, resend, paid');
    await page.keyboard.press('Escape');
    await openMenu(page, 'main', 'myPayment', 'my-payments');
    const mine = page.locator(`[data-payment-line="${line}"]`);
    await mine.locator('[data-payment-status="paid"]').waitFor();
    assertEqual((await mine.locator('[data-column="account"]').innerText()).trim(), '6222********2233', 'my payments mask the account');
    assert(!(await page.content()).includes(newAccount), 'the whole account number is nowhere on the page');
    employee.assertNoConsoleProblems();
  });
}

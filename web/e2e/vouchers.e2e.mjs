// Browser test of the vouchers against a real formwork server posting to the accounting
// simulator started as its own process (`formwork simulate accounting`): employee01's EX02
// claim is approved through the API; finance01 opens it in action fssc, previews the
// voucher, changes an editable field (line 1's cost center), saves and submits it, and sees
// the accounting system's number (sapBelnr). Run by e2e/run.mjs (node e2e/run.mjs vouchers).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario, startServer, startSimulator, stopServer } from './harness.mjs';
import { callApi, getData } from './pages.mjs';

const example = JSON.parse(readFileSync(join(repoDir, 'rules/examples/form/EX02.json'), 'utf8'));

/** Decides the document's open task as its assignee (who must be username). */
async function approve(serverUrl, businessId, username) {
  const { token } = await loginThroughApi(serverUrl, username, 'demo123');
  const history = await getData(serverUrl, token, `/api/galaxyform/process/history?businessId=${businessId}`);
  const task = history.tasks.find((x) => x.status === 'open');
  assert(task && task.assignee === username, `${username} holds the open task of ${businessId}: ${JSON.stringify(history.tasks)}`);
  const res = await callApi(serverUrl, token, 'POST', '/api/galaxyform/process/complete', { businessId, taskId: task.taskId, result: 'approve', comment: '' });
  assertEqual(res.status, 200, `${username} approves (${res.body.message})`);
}

export async function run({ browser }) {
  let page;
  let probe;
  let sim;
  let server;
  const s = scenario('vouchers', () => page);
  const step = s.step.bind(s);
  let businessId = '';
  try {
    await step('the accounting simulator and a server posting to it start', async () => {
      sim = await startSimulator('accounting');
      server = await startServer({ env: { FORMWORK_ACCOUNTING_URL: sim.url } });
    });
    await step('employee01 files an EX02 claim; manager01 and finance01 approve it', async () => {
      const { token } = await loginThroughApi(server.url, 'employee01', 'demo123');
      const res = await callApi(server.url, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', { ...example, head: { ...example.head, description: `E2E 凭证 ${Date.now()}` } });
      assertEqual(res.status, 200, `create (${res.body.message})`);
      businessId = res.body.data.head.businessId;
      const submitted = await callApi(server.url, token, 'POST', '/api/galaxyform/process/startProcess', { businessId });
      assertEqual(submitted.status, 200, `submit (${submitted.body.message})`);
      await approve(server.url, businessId, 'manager01');
      await approve(server.url, businessId, 'finance01');
    });
    await step('finance01 previews the voucher in action fssc: it balances', async () => {
      probe = await openPage(browser, 'vouchers');
      page = probe.page;
      await loginThroughPage(page, server.url, 'finance01', 'demo123');
      await page.goto(`${server.url}/form?docType=EX02&businessId=${businessId}&action=fssc`);
      await page.locator('[data-form-ready="true"]').waitFor();
      await page.locator('[data-voucher-panel] [data-button="voucherPreview"]').click();
      await page.locator('[data-voucher-line="3"]').waitFor();
      assertEqual(await page.locator('[data-voucher-line]').count(), 3, 'voucher lines');
      assert((await page.locator('[data-voucher-panel]').innerText()).includes('2,458.50'), 'the totals show 2,458.50');
    });
    await step('finance01 changes line 1 cost center, saves and submits, and sees the SAP number', async () => {
      await page.locator('[data-edit="1.costCenter"]').fill('1000FIN01');
      const answer = page.waitForResponse((r) => r.url().includes('/queryVoucher/submitVoucher'));
      await page.locator('[data-button="submitVoucher"]').click();
      assertEqual((await answer).status(), 200, 'submitVoucher');
      const posted = page.locator('[data-sap-belnr]');
      await posted.waitFor();
      const belnr = await posted.getAttribute('data-sap-belnr');
      assert(/^51\d{8}$/.test(belnr ?? ''), `the SAP number ${belnr}`);
      assert((await posted.innerText()).includes(belnr), 'the number is shown');
      assertEqual(await page.locator('[data-voucher-line="1"] [data-cell="costCenter"]').innerText(), '1000FIN01', 'the edited cost center, kept');
      assertEqual(await page.locator('[data-button="submitVoucher"]').count(), 0, 'a posted voucher is not submitted again');
      probe.assertNoConsoleProblems();
    });
  } finally {
    await probe?.context.close().catch(() => undefined);
    await stopServer(server, { showOutput: s.broken });
    sim?.child.kill('SIGTERM');
  }
}

// Browser test of the vouchers against a real formwork server posting to the accounting
// simulator started as its own process (`formwork simulate accounting`): employee01's EX02
// claim is approved through the API; finance01 opens it in action fssc, previews the
// voucher, changes an editable field (line 1's cost center), saves and submits it, and sees
// the accounting system's number (sapBelnr). Then the voucher import (CW00002 凭证导入):
// finance01 downloads the template, uploads a file with a bad row and sees the row's
// finding, uploads the posting result of a second approved claim's voucher posted outside
// the adapter and sees its number, also in the claim's voucher. Run by e2e/run.mjs (node
// e2e/run.mjs vouchers).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario, startServer, startSimulator, stopServer } from './harness.mjs';
import { callApi, getData } from './pages.mjs';
import { writeSheet } from './xlsx.mjs';

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

/** Files an EX02 claim as employee01 and has it approved; resolves its number. */
async function approvedClaim(serverUrl) {
  const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
  const res = await callApi(serverUrl, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', { ...example, head: { ...example.head, description: `E2E 凭证 ${Date.now()}` } });
  assertEqual(res.status, 200, `create (${res.body.message})`);
  const businessId = res.body.data.head.businessId;
  const submitted = await callApi(serverUrl, token, 'POST', '/api/galaxyform/process/startProcess', { businessId });
  assertEqual(submitted.status, 200, `submit (${submitted.body.message})`);
  await approve(serverUrl, businessId, 'manager01');
  await approve(serverUrl, businessId, 'finance01');
  return businessId;
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
      businessId = await approvedClaim(server.url);
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
    let second = '';
    await step('a second claim is approved; finance01 opens 凭证导入 and downloads the template', async () => {
      second = await approvedClaim(server.url);
      await page.goto(`${server.url}/CW/CW00002`);
      await page.locator('[data-page="voucher-import"]').waitFor();
      const download = page.waitForEvent('download');
      await page.locator('[data-voucher-template]').click();
      assertEqual((await download).suggestedFilename(), 'voucher-import.xlsx', 'the template file');
    });
    await step('a file with a bad row is refused at its row and column; nothing is imported', async () => {
      probe.expectFailure(422, '/api/formwork/vouchers/import');
      const bad = writeSheet([['单据编号', '会计凭证号', '会计年度', '过账状态', '消息'], [second, '5100007777', '2026', 'S'], [second, '', '2026', 'S']]);
      await page.locator('[data-voucher-import-file]').setInputFiles({ name: 'bad.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad });
      const findings = page.locator('[data-voucher-import-findings]');
      await findings.waitFor();
      assert((await findings.innerText()).includes('3'), `the finding names row 3: ${await findings.innerText()}`);
      const { token } = await loginThroughApi(server.url, 'finance01', 'demo123');
      const v = await callApi(server.url, token, 'POST', '/api/galaxyvoucher/queryVoucher/queryVcHeadById', { businessId: second });
      assertEqual(v.body.data.head.sapBelnr, '', 'nothing imported');
    });
    await step('the posting result is imported; the number shows on the page and in the claim\'s voucher', async () => {
      const good = writeSheet([['businessId', 'sapBelnr', 'fiscalYear', 'status'], [second, '5100007777', '2026', 'S']]);
      await page.locator('[data-voucher-import-file]').setInputFiles({ name: 'good.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: good });
      await page.locator('[data-voucher-imported]').waitFor();
      assertEqual((await page.locator(`[data-voucher-row="${second}"] [data-voucher-belnr]`).innerText()).trim(), '5100007777', 'the imported number');
      await page.goto(`${server.url}/form?docType=EX02&businessId=${second}&action=fssc`);
      await page.locator('[data-form-ready="true"]').waitFor();
      await page.locator('[data-voucher-panel] [data-button="voucherPreview"]').click();
      assertEqual(await page.locator('[data-sap-belnr]').getAttribute('data-sap-belnr'), '5100007777', 'the claim\'s voucher shows the imported number');
      probe.assertNoConsoleProblems();
    });
  } finally {
    await probe?.context.close().catch(() => undefined);
    await stopServer(server, { showOutput: s.broken });
    sim?.child.kill('SIGTERM');
  }
}

// Browser test of the dashboard (issue 15 item 5) against a real formwork server:
// employee01 files a draft through the API; the dashboard shows, from one call
// (GET /api/formwork/dashboard), the to-do, draft and returned counts equal to the
// server's, open advances, the department's budget this month as a chart with its
// totals, the draft among the recent documents (its link opens it), and the shortcuts
// of the document types of the menu; the drafts count opens the drafts worklist.
// Fails on any console error or warning. Run by e2e/run.mjs (`node e2e/run.mjs dashboard`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario, STEP_TIMEOUT } from './harness.mjs';
import { callApi, getData, waitForDocument } from './pages.mjs';

const example = JSON.parse(readFileSync(join(repoDir, 'rules/examples/form/EX02.json'), 'utf8'));

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('dashboard', () => page);
  const step = s.step.bind(s);
  const probes = [];
  let draft = '';
  let summary;

  await step('employee01 files a draft; the server answers the dashboard in one call', async () => {
    const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
    const res = await callApi(serverUrl, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', {
      ...example,
      head: { ...example.head, description: `E2E 仪表盘 ${Date.now()}` },
    });
    assertEqual(res.status, 200, `create (${res.body.message})`);
    draft = res.body.data.head.businessId;
    summary = await getData(serverUrl, token, '/api/formwork/dashboard');
    assert(summary.drafts >= 1, `drafts counted: ${summary.drafts}`);
  });

  await step('the dashboard shows the counts, the budget and the recent documents from one call', async () => {
    const probe = await openPage(browser, 'employee01');
    probes.push(probe);
    page = probe.page;
    let calls = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/formwork/dashboard') calls++;
    });
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"] [data-dashboard-summary]').waitFor({ timeout: STEP_TIMEOUT });
    for (const [name, want] of [
      ['todo', summary.todo],
      ['drafts', summary.drafts],
      ['returned', summary.returned],
      ['advances', summary.advances.count],
    ]) {
      assertEqual(await page.locator(`[data-count="${name}"] [data-count-value]`).innerText(), String(want), `${name} count`);
    }
    const budget = page.locator('[data-dashboard-section="budget"]');
    assert((await budget.innerText()).includes(summary.budget.department), 'the budget names the department');
    if ((summary.budget.lines ?? []).length > 0) {
      await budget.locator('svg').first().waitFor();
      assert((await budget.locator('[data-budget-total]').innerText()).includes('可用'), 'the budget totals');
    } else {
      await budget.locator('[data-budget="none"]').waitFor();
    }
    await page.locator(`[data-recent="${draft}"]`).waitFor();
    assert((await page.locator('[data-shortcut]').count()) > 0, 'shortcuts of the menu document types');
    assertEqual(calls, 1, 'dashboard calls');
  });

  await step('a recent document opens; the drafts count opens the drafts worklist', async () => {
    await page.locator(`[data-recent="${draft}"] a`).click();
    await waitForDocument(page, draft);
    await page.goBack();
    await page.locator('[data-count="drafts"] a').click();
    await page.locator('[data-page="worklist"][data-list="draft"]').waitFor({ timeout: STEP_TIMEOUT });
  });

  for (const [i, probe] of probes.entries()) {
    await step(`page ${i + 1} logged no console errors or warnings`, async () => probe.assertNoConsoleProblems(), { always: true });
  }
  if (probes.length === 0) await step('a page ran', async () => assert(false, 'no page opened'), { always: true });
  for (const probe of probes) await probe.context.close().catch(() => undefined);
}

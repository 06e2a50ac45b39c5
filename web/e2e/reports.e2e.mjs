// Browser test of the report centre against a real formwork server: an administrator opens
// 单据数量统计 (rptDocCount) from the report centre's menu, runs it and exports it; the
// download is a real xlsx whose first cell is the report's title and whose header row (row
// 4) is the header of the table on screen. Run by e2e/run.mjs (`node e2e/run.mjs reports`).
import { readFileSync } from 'node:fs';
import { assert, assertEqual, loginThroughPage, openPage, scenario } from './harness.mjs';
import { sheetRows } from './xlsx.mjs';

export async function run({ browser, baseUrl }) {
  let page;
  const s = scenario('reports', () => page);
  const step = s.step.bind(s);
  let probe;
  let header = [];

  await step('admin opens 单据数量统计 from the report centre and runs it', async () => {
    probe = await openPage(browser, 'admin');
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'admin', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    const group = page.locator('nav[data-sidebar] [data-menu-group="rpt"]');
    await group.waitFor();
    const head = group.locator('[aria-expanded]').first();
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    await group.locator('[data-menu="rptDocCount"]').click();
    await page.locator('[data-page="report"][data-report="rptDocCount"]').waitFor();
    const ran = page.waitForResponse((r) => r.url().includes('/reports/rptDocCount/run'));
    await page.locator('[data-action="report-run"]').click();
    assertEqual((await ran).status(), 200, 'run status');
    await page.locator('[data-report-table]').waitFor();
    header = await page.locator('[data-report-table] thead th').allInnerTexts();
    header = header.map((h) => h.trim());
    assert(header.length >= 3 && header.includes('单据类型'), `the table's header: ${header}`);
  });

  await step('the export is an xlsx with the title and the header row of the table', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.locator('[data-action="report-export"]').click()]);
    assertEqual(download.suggestedFilename(), 'rptDocCount.xlsx', 'file name');
    const file = readFileSync(await download.path());
    assert(file.subarray(0, 2).toString() === 'PK', `an xlsx (zip) of ${file.length} bytes`);
    const rows = sheetRows(file);
    const title = (await page.locator('[data-page="report"] h1').innerText()).trim();
    assertEqual(rows.get(1)?.A, title, 'the title cell A1');
    assert(String(rows.get(2)?.A ?? '').includes('company'), `the parameters in A2: ${rows.get(2)?.A}`);
    const got = Object.keys(rows.get(4) ?? {})
      .sort((a, b) => a.length - b.length || a.localeCompare(b))
      .map((col) => rows.get(4)[col]);
    assertEqual(JSON.stringify(got), JSON.stringify(header), 'the header row (row 4)');
    const last = rows.get(Math.max(...rows.keys()));
    assertEqual(last?.A, '合计', 'the total row last');
  });

  await step('the page logged no console errors or warnings', async () => probe?.assertNoConsoleProblems(), { always: true });
}

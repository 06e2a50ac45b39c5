// Browser test of the generic document list against a real formwork server: employee01
// opens 员工报销 (YG00001, the employee claims EX02) from the menu, pages, searches,
// sorts, takes a quick date range, sees the empty state on screen, exports the list to
// a spreadsheet and opens a row read-only; finance01 lists the payables of the company;
// admin finds employee01's claims in 单据维护 by the reimburser's name. Run by e2e/run.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario } from './harness.mjs';

/** Stores n employee claims of employee01 through the API (descriptions e2e 列表 1..n). */
async function storeClaims(serverUrl, n) {
  const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
  const claim = JSON.parse(readFileSync(join(repoDir, 'seeds', 'documents', 'EX02-travel.json'), 'utf8'));
  const ids = [];
  for (let i = 1; i <= n; i++) {
    claim.head.description = `e2e 列表 ${i}`;
    const res = await fetch(`${serverUrl}/api/galaxyform/yx/ap/head/create?action=new`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-token': token },
      body: JSON.stringify(claim),
    });
    const body = await res.json();
    assertEqual(res.status, 200, `storing claim ${i}: ${body.message}`);
    ids.push(body.data.head.businessId);
  }
  return ids;
}

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('lists', () => page);
  const step = s.step.bind(s);
  let probe;
  let ids = [];
  const rowIds = () => page.locator('[data-document-list] [data-row]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row')));
  const total = async () => Number(await page.locator('[data-document-list]').getAttribute('data-total'));
  /** Waits until the list shows a total from min to max. */
  const waitTotal = (min, max, what) =>
    page
      .waitForFunction(
        ([lo, hi]) => {
          const el = document.querySelector('[data-document-list][data-total]');
          const n = el ? Number(el.getAttribute('data-total')) : -1;
          return n >= lo && n <= hi;
        },
        [min, max],
        { timeout: 15_000 },
      )
      .catch(async () => {
        throw new Error(`the list never showed ${what} (total ${await total()})`);
      });

  await step('twelve employee claims are stored through the API', async () => {
    ids = await storeClaims(serverUrl, 12);
    probe = await openPage(browser, 'lists');
    page = probe.page;
  });

  await step('员工报销 (YG00001) lists the employee claims EX02, with 新建 for EX02', async () => {
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    const group = page.locator('[data-menu-group="YG"]');
    await group.locator('[aria-expanded]').first().click();
    await group.locator('[data-menu="YG00001"]').click();
    await page.waitForURL((u) => /^\/YG\/YG00001\/\d{13}$/.test(u.pathname));
    assertEqual(new URL(page.url()).searchParams.get('docType'), 'EX02', 'docType of YG00001');
    await page.locator('[data-page="form-list"][data-doc-type="EX02"]').waitFor();
    await page.locator('[data-page="form-list"] [data-action="new"]:not([aria-disabled="true"])').waitFor();
    assertEqual(await page.locator('[data-error="unknown-doc-type"]').count(), 0, 'no unknown-type warning');
    await waitTotal(12, 1e9, 'the twelve claims');
    assertEqual((await rowIds()).length, 10, 'a page of 10');
    const totalText = await page.locator('[data-list-total]').innerText();
    assert(/2,458\.50|\d{2},\d{3}\.\d{2}/.test(totalText), `the amount total is shown: ${totalText}`);
  });

  await step('the next page shows the rest', async () => {
    const n = await total();
    const first = await rowIds();
    await page.locator('[data-list-pagination] button[aria-label*="next" i], [data-list-pagination] button[title*="下一页"]').first().click();
    await page.waitForFunction((id) => !document.querySelector(`[data-row="${id}"]`), first[0]);
    const second = await rowIds();
    assertEqual(second.length, Math.min(10, n - 10), 'rows of page 2');
    assert(!second.some((id) => first.includes(id)), 'page 2 holds other documents');
  });

  await step('a search finds one claim by its reason', async () => {
    await page.locator('[data-list-search]').fill('列表 7');
    await page.locator('[data-action="search"]').click();
    await waitTotal(1, 1, 'one claim');
    assertEqual(JSON.stringify(await rowIds()), JSON.stringify([ids[6]]), 'the seventh claim');
  });

  await step('sorting by number ascending, then descending', async () => {
    await page.locator('[data-list-search]').fill('e2e 列表');
    await page.locator('[data-action="search"]').click();
    await waitTotal(12, 12, 'the twelve claims');
    await page.locator('[data-sort="businessId"]').click();
    await page.waitForFunction((id) => document.querySelector('[data-document-list] [data-row]')?.getAttribute('data-row') === id, ids[0]);
    const asc = await rowIds();
    assertEqual(JSON.stringify(asc), JSON.stringify([...asc].sort()), 'ascending numbers');
    await page.locator('[data-sort="businessId"]').click();
    await page.waitForFunction((id) => document.querySelector('[data-document-list] [data-row]')?.getAttribute('data-row') === id, ids[11]);
  });

  await step('this month holds them; last month none, and the empty state is on screen', async () => {
    await page.locator('[data-quick-range="thisMonth"]').click();
    await waitTotal(12, 12, 'this month');
    await page.locator('[data-quick-range="lastMonth"]').click();
    await waitTotal(0, 0, 'an empty list');
    const empty = page.locator('[data-list-empty]');
    await empty.waitFor();
    const box = await empty.boundingBox();
    const viewport = page.viewportSize();
    assert(box && box.x >= 0 && box.x + 40 < viewport.width && box.y < viewport.height, `the empty state is visible: ${JSON.stringify(box)}`);
    assert((await empty.innerText()).includes('没有符合条件的单据'), 'the empty text');
    await page.locator('[data-quick-range="thisMonth"]').click();
    await waitTotal(12, 12, 'this month again');
  });

  await step('export writes the filtered list to a spreadsheet', async () => {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.locator('[data-action="export"]').click()]);
    assertEqual(download.suggestedFilename(), 'EX02.xlsx', 'file name');
    const file = readFileSync(await download.path());
    assert(file.length > 2000 && file.subarray(0, 2).toString() === 'PK', `an xlsx (zip) of ${file.length} bytes`);
    await page.locator('[data-export-result="ok"]').waitFor();
    assert((await page.locator('[data-export-result="ok"]').innerText()).includes('12'), 'exported 12 documents');
  });

  await step('a row opens its claim read-only', async () => {
    await page.locator(`[data-row="${ids[11]}"]`).click();
    await page.waitForURL((u) => u.pathname === '/form' && u.searchParams.get('businessId') === ids[11] && u.searchParams.get('action') === 'read');
    // loaded before the next step signs out (a request in flight would then be refused)
    await page.locator(`[data-form-ready="true"] [data-business-id="${ids[11]}"]`).waitFor();
  });

  await step('finance01 lists the company payables and employee claims', async () => {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await loginThroughPage(page, baseUrl, 'finance01', 'demo123');
    await page.goto(`${baseUrl}/YG/YG00001/${Date.now()}?docType=EX02`);
    await page.locator('[data-page="form-list"][data-doc-type="EX02"]').waitFor();
    await waitTotal(12, 1e9, "employee01's claims of company 1000");
    await page.goto(`${baseUrl}/ER/AA/${Date.now()}?docType=AA`);
    await page.locator('[data-page="form-list"][data-doc-type="AA"]').waitFor();
    await page.locator('[data-document-list][data-total]').waitFor();
  });

  await step('admin finds the claims in 单据维护 by the reimburser name', async () => {
    await page.evaluate(() => localStorage.clear());
    await loginThroughPage(page, baseUrl, 'admin', 'demo123');
    await page.goto(`${baseUrl}/cfg/docMaintain/${Date.now()}`);
    await page.locator('[data-page="doc-maintain"]').waitFor();
    await page.locator('[data-list-search]').fill('张三');
    await page.locator('[data-action="search"]').click();
    await waitTotal(12, 1e9, "employee01's documents");
    const docTypes = await page.locator('[data-document-list] thead [data-sort="docType"]').count();
    assertEqual(docTypes, 1, 'every type: the type column is shown');
  });

  await step('no console problems', async () => probe.assertNoConsoleProblems());
  await probe?.context.close();
}

import { launchBrowser, openPage, loginThroughPage } from './harness.mjs';
const base = 'http://127.0.0.1:18931';
const browser = await launchBrowser();
const { page } = await openPage(browser);
async function pickRef(sel, key) {
  const input = page.locator(sel);
  await input.click();
  await input.fill(key);
  const opt = page.locator(`[role="listbox"] [role="option"][data-option="${key}"]`);
  await opt.waitFor();
  await opt.click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
}
await loginThroughPage(page, base, 'finance01', 'demo123');
await page.goto(`${base}/form?docType=DZ&action=new`);
await page.locator('[data-form-ready="true"] #root_head_description').waitFor();
await page.locator('#businessType1').click();
const opts = await page.locator('[role="listbox"] [role="option"]').evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 200)));
console.log(opts);
await page.locator('[role="listbox"] [role="option"][data-option="D12"]').click();
await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
await page.waitForTimeout(1500);
await page.locator('#root_head_description').fill('E2E 凭证');
console.log('pstingDate', await page.locator('#root_head_pstingDate').count());
await page.locator('#root_head_pstingDate').fill('2026-11-30');
await page.locator('#root_head_pstingDate').blur();
const l = page.locator('[data-table="lineList"]');
for (const [i, k, acc, amt] of [[0, '40', '6602010000', '2150'], [1, '50', '2241990000', '2000']]) {
  await l.locator('[data-action="add-row"]').click();
  await l.locator(`tr[data-row="${i}"]`).waitFor();
  await pickRef(`#root_lineList_${i}_bschl`, k);
  await pickRef(`#root_lineList_${i}_account`, acc);
  await page.locator(`#root_lineList_${i}_amount`).fill(amt);
  await page.locator(`#root_lineList_${i}_amount`).blur();
}
await page.waitForTimeout(1500);
console.log('head amount', await page.locator('#root_head_amount').inputValue());
const ans = page.waitForResponse((r) => r.url().includes('/head/create'));
await page.locator('[data-button="save"]').click();
const res = await ans;
console.log(res.status(), JSON.stringify(await res.json()).slice(0, 800));
await page.waitForTimeout(1500);
const hits = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.children.length === 0 && e.textContent.includes('借贷不平衡')).map((e) => `${e.tagName}#${e.id} ${e.closest('[data-table]')?.getAttribute('data-table') ?? '-'} ${e.closest('[data-notice]')?.getAttribute('data-notice') ?? '-'} ${e.textContent}`));
console.log(hits);
await page.screenshot({ path: '/tmp/e2etotals/dz.png', fullPage: true });
await browser.close();

// Browser test of the budget pages against a real formwork server: admin opens 预算表
// from the budget menu, finds a seeded budget of this month, lowers it with a reason in
// the adjustment dialog (it counts at once: the table shows the new amount), and then
// finds the movement, with the reason, in 预算日志; 部门预算 shows the department with its
// chart. Fails on any console error or
// warning. Run by e2e/run.mjs (npm run e2e, or `node e2e/run.mjs budget`).
import { assert, loginThroughApi, loginThroughPage, openPage, scenario } from './harness.mjs';
import { getData } from './pages.mjs';

/** Opens an entry of the budget menu and waits for its page. */
async function openBudgetMenu(page, code, pageName) {
  const group = page.locator('[data-menu-group="budget"]');
  const head = group.locator('[aria-expanded]').first();
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  await group.locator(`[data-menu="${code}"]`).click();
  await page.locator(`[data-page="${pageName}"]`).waitFor();
}

/** Sets the period filter and searches, waiting for the answer. */
async function filterPeriod(page, period, path) {
  await page.locator('#budget-filter-period').fill(period);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === path && new URL(r.url()).searchParams.get('period') === period);
  await page.locator('[data-action="budget-search"]').click();
  await answered;
}

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('budget', () => page);
  const step = s.step.bind(s);
  const month = new Date().toISOString().slice(0, 7);
  const node = `1000/SAL02/660204/${month}`;
  const reason = `E2E 下调办公费 ${String(Date.now()).slice(-6)}`;
  let admin;
  let before;

  await step(`the server has the budget ${node}`, async () => {
    const token = (await loginThroughApi(serverUrl, 'admin', 'demo123')).token;
    const table = await getData(serverUrl, token, `/api/formwork/budget/budgets?companyCode=1000&department=SAL02&budgetAccount=660204&period=${month}`);
    assert(table.total === 1, `${table.total} budgets ${node}`);
    before = table.rows[0];
    assert(before.pending === null, `${node} waits for confirmation already`);
  });

  await step('admin opens 预算表 from the budget menu and finds the budget', async () => {
    admin = await openPage(browser, 'admin');
    page = admin.page;
    await loginThroughPage(page, baseUrl, 'admin', 'demo123');
    await openBudgetMenu(page, 'budgetTable', 'budget-table');
    const title = (await page.locator('[data-page="budget-table"] [data-list-title]').innerText()).trim();
    assert(title === '预算表', `the page is titled ${JSON.stringify(title)}`);
    await filterPeriod(page, month, '/api/formwork/budget/budgets');
    await page.locator(`[data-budget-row="${node}"]`).waitFor();
  });

  await step('admin lowers it by 500.00 with a reason', async () => {
    const row = page.locator(`[data-budget-row="${node}"]`);
    await row.locator('[data-row-action="adjust"]').click();
    await page.locator('[data-dialog="budget-adjust"]').waitFor();
    await page.locator('#budget-adjust-delta').fill('-500');
    await page.locator('#budget-adjust-reason').fill(reason);
    const adjusted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/formwork/budget/adjust');
    await page.locator('[data-action="budget-adjust-submit"]').click();
    const res = await adjusted;
    const body = await res.json();
    assert(res.status() === 200, `adjust: ${res.status()} ${body.message}`);
    await page.locator('[data-dialog="budget-adjust"]').waitFor({ state: 'detached' });
    await page.locator('[data-notice="budget"]').waitFor();
    const want = (before.amount - 500).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await page.locator(`[data-budget-row="${node}"] [data-col="amount"]`, { hasText: want }).waitFor();
  });

  await step('admin sees the movement with its reason in 预算日志', async () => {
    await openBudgetMenu(page, 'bgtLog', 'budget-log');
    const title = (await page.locator('[data-page="budget-log"] [data-list-title]').innerText()).trim();
    assert(title === '预算日志', `the page is titled ${JSON.stringify(title)}`);
    await filterPeriod(page, month, '/api/formwork/budget/movements');
    const row = page.locator(`[data-movement="adjust"][data-movement-budget="${before.id}"]`, { hasText: reason });
    await row.waitFor();
    const text = await row.innerText();
    for (const part of ['调整', '-500.00', 'admin', node]) assert(text.includes(part), `the movement reads ${JSON.stringify(text)}, without ${part}`);
  });

  await step('admin sees SAL02 in 部门预算 with the chart of usage', async () => {
    await openBudgetMenu(page, 'Departmental', 'budget-departmental');
    await filterPeriod(page, month, '/api/formwork/budget/departmental');
    await page.locator('[data-budget-departmental] [data-department="SAL02"]').waitFor();
    await page.locator('[data-budget-chart] svg').first().waitFor();
  });

  await step('admin page logged no console errors or warnings', async () => admin?.assertNoConsoleProblems(), { always: true });
  await admin?.context.close().catch(() => undefined);
}

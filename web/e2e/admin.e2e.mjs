// Browser test of the configuration centre's administration against a real formwork
// server: admin creates a user with two roles in 用户管理, is refused a weak password and
// then resets it to a good one (typed twice); the user signs in with it; the creation and
// the reset show in 日志查询. Fails on any console error or warning (the refusal the test
// provokes aside). The master-data sync board, the data modifications, table maintenance
// and the super-booking cards open with their data. Run by e2e/run.mjs (npm run e2e, or `node e2e/run.mjs admin`).
import { assert, loginThroughApi, loginThroughPage, openPage, scenario } from './harness.mjs';

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('admin', () => page);
  const step = s.step.bind(s);
  const username = `e2e${String(Date.now()).slice(-7)}`;
  const password = `Welcome${String(Date.now()).slice(-4)}x`;
  let admin;
  let user;

  await step('admin opens user management and creates a user with the roles employee and finance', async () => {
    admin = await openPage(browser, 'admin');
    page = admin.page;
    await loginThroughPage(page, baseUrl, 'admin', 'demo123');
    await page.goto(`${baseUrl}/cfg/userManage`);
    await page.locator('[data-admin-table="admin-users"][data-loaded="true"]').waitFor();
    await page.locator('[data-tab="roles"]').click();
    await page.locator('[data-admin-table="roles"] tr[data-row="finance"]').waitFor();
    await page.locator('[data-tab="users"]').click();
    await page.locator('[data-admin-table="admin-users"][data-loaded="true"]').waitFor();
    await page.locator('[data-action="user-new"]').click();
    await page.locator('[data-dialog="admin-user"]').waitFor();
    await page.locator('#user-username').fill(username);
    await page.locator('#user-empName').fill(`测试用户${username.slice(-3)}`);
    await page.locator('#user-empId').fill(`E${username.slice(-6)}`);
    await page.locator('#user-compId').fill('1000');
    await page.locator('#user-roles').click();
    await page.locator('[role="listbox"] [data-value="finance"]').click();
    await page.keyboard.press('Escape');
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/formwork/admin/users' && r.request().method() === 'POST');
    await page.locator('[data-dialog="admin-user"] [data-action="cfg-save"]').click();
    const res = await saved;
    const body = await res.json();
    assert(res.status() === 201, `create: ${res.status()} ${body.message}`);
    assert(JSON.stringify(body.data.roles) === '["employee","finance"]', `roles ${JSON.stringify(body.data.roles)}`);
    await page.locator('[data-dialog="admin-user"]').waitFor({ state: 'detached' });
  });

  await step('the new user is listed; a weak password is refused with the rule, a good one typed twice is set', async () => {
    await page.locator('#admin-user-search').fill(username);
    const row = page.locator(`[data-admin-table="admin-users"] tr[data-row="${username}"]`);
    await row.waitFor();
    assert((await row.locator('[data-role="finance"]').count()) === 1, 'the row does not show the finance role');
    await row.locator('[data-row-action="reset-password"]').click();
    await page.locator('[data-dialog="admin-password"]').waitFor();
    admin.expectFailure(422, `/api/formwork/admin/users/${username}/password`);
    await page.locator('#reset-password').fill('abcdefgh');
    await page.locator('#reset-passwordConfirm').fill('abcdefgh');
    await page.locator('[data-dialog="admin-password"] [data-action="cfg-save"]').click();
    const refusal = page.locator('[data-error="admin-password"]');
    await refusal.waitFor();
    assert((await refusal.innerText()).includes('字母和数字'), `the refusal does not say the rule: ${await refusal.innerText()}`);
    assert((await page.locator('#reset-password').inputValue()) === '', 'the refused password stays in the field');
    await page.locator('#reset-password').fill(password);
    await page.locator('#reset-passwordConfirm').fill(password);
    const reset = page.waitForResponse((r) => r.url().includes(`/admin/users/${username}/password`) && r.status() === 200);
    await page.locator('[data-dialog="admin-password"] [data-action="cfg-save"]').click();
    const answer = await (await reset).text();
    assert(!answer.includes(password), 'the answer holds the password');
    await page.locator('[data-dialog="admin-password"]').waitFor({ state: 'detached' });
    await page.locator('[data-notice="admin-users"]').waitFor();
    assert(!(await page.content()).includes(password), 'the page shows the password');
  });

  await step('the user signs in with the new password', async () => {
    user = await openPage(browser, username);
    page = user.page;
    await loginThroughPage(page, baseUrl, username, password);
    const me = await loginThroughApi(serverUrl, username, password);
    assert(me.token, 'no token');
  });

  await step('日志查询 shows the creation and the reset by admin, and the sign-in', async () => {
    page = admin.page;
    await page.goto(`${baseUrl}/cfg/logQuery`);
    await page.locator('[data-admin-table="admin-logs"][data-loaded="true"]').waitFor();
    await page.locator('#log-q').fill(username);
    const table = page.locator(`[data-admin-table="admin-logs"]`);
    await table.locator('tr:has([data-kind="signin"])').first().waitFor();
    const users = table.locator('tr:has([data-kind="user"])');
    await users.nth(1).waitFor();
    const texts = await users.allInnerTexts();
    assert(texts.length === 2, `user administration entries: ${texts.length}`);
    assert(texts[0].includes('admin') && texts[0].includes('重置密码'), `newest: ${texts[0]}`);
    assert(texts[1].includes('新建') && texts[1].includes('roles=employee,finance'), `oldest: ${texts[1]}`);
  });

  await step('主数据同步, 数据修改, 表维护 and 超订卡 open with their data', async () => {
    page = admin.page;
    await page.goto(`${baseUrl}/cfg/dataSync`);
    const department = page.locator('[data-admin-table="admin-sync"] tr[data-row="department"]');
    await department.waitFor();
    assert(Number(await department.locator('[data-cell="records"]').innerText()) >= 30, 'department records on the board');
    await department.locator('[data-row-action="import"]').waitFor();
    await page.goto(`${baseUrl}/cfg/dataModify`);
    await page.locator('[data-admin-table="admin-changes"][data-loaded="true"] tbody tr[data-row]').first().waitFor();
    await page.goto(`${baseUrl}/cfg/tableMaintain`);
    await page.locator('[data-page="md-catalogue"] [data-md-open="dictionary"]').waitFor();
    assert((await page.locator('[data-md-open="vendor"]').count()) === 0, 'table maintenance lists vendors');
    await page.goto(`${baseUrl}/cfg/superBookingCard`);
    await page.locator('[data-page="md-list"][data-md-type="superBookingCard"] [data-md-table][data-loaded="true"] tbody tr[data-row]').first().waitFor();
    const cards = await page.locator('[data-md-table] tbody').innerText();
    assert(cards.includes('6222********2233') && !cards.includes('6222020200112233'), `the card list shows whole card numbers: ${cards.slice(0, 200)}`);
    await page.locator('[data-md-table] tbody tr[data-row="6222020200112233"] [data-row-action="edit"]').click();
    await page.locator('[data-dialog="md-record"]').waitFor();
    const whole = await page.locator('[data-dialog="md-record"] input[value="6222020200112233"]').count();
    assert(whole === 1, 'the card\'s edit form does not show the whole card number');
    await page.keyboard.press('Escape');
    await page.locator('[data-dialog="md-record"]').waitFor({ state: 'detached' });
  });

  await step('the roles tab: admin adds a role with 日志查询 ticked in the menu tree, then deletes it', async () => {
    page = admin.page;
    const role = `r${username}`;
    await page.goto(`${baseUrl}/cfg/userManage`);
    await page.locator('[data-tab="roles"]').click();
    await page.locator('[data-admin-table="roles"] tr[data-row="finance"]').waitFor();
    await page.locator('[data-action="role-new"]').click();
    await page.locator('[data-dialog="admin-role"]').waitFor();
    await page.locator('#role-id').fill(role);
    await page.locator('#role-title-zh').fill('端到端角色');
    await page.locator('[data-menu-picker] [data-menu="logQuery"] input').check();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/formwork/admin/roles' && r.request().method() === 'POST');
    await page.locator('[data-dialog="admin-role"] [data-action="cfg-save"]').click();
    const res = await saved;
    const body = await res.json();
    assert(res.status() === 201, `create role: ${res.status()} ${body.message}`);
    assert(JSON.stringify(body.data.menus) === '["logQuery"]', `menus ${JSON.stringify(body.data.menus)}`);
    const row = page.locator(`[data-admin-table="roles"] tr[data-row="${role}"]`);
    await row.waitFor();
    await row.locator('[data-row-action="delete"]').click();
    await page.locator('[data-dialog="admin-role-delete"] [data-action="role-delete"]').click();
    await row.waitFor({ state: 'detached' });
    await page.locator('[data-notice="admin-roles"]').waitFor();
  });

  await step('admin and user pages logged no console errors or warnings', async () => {
    admin?.assertNoConsoleProblems();
    user?.assertNoConsoleProblems();
  }, { always: true });
  await admin?.context.close().catch(() => undefined);
  await user?.context.close().catch(() => undefined);
}

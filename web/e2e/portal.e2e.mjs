// Browser test of the portal shell against a real formwork server: the guard and the
// login page, menus per person, menu routes with their version stamp, the generic
// form-list page, no placeholders (entries without a page are not shown, hidden routes
// without one are 404), the reimbursement guide, the sidebar, pure mode, Thai, logout, a refused document (403), an expired
// session (401), and the alternate logins (mobile token, K2 token). Run by e2e/run.mjs.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario, STEP_TIMEOUT } from './harness.mjs';

const MOA_KEY = 'e2e-moa-key';
const K2_KEY = 'e2e-k2-key';
/** FORMWORK_TRUSTED_SOURCES for the server: keys of the mobile office app and of K2. */
export const TRUSTED_SOURCES = `MOA=${MOA_KEY},K2=${K2_KEY}`;

/** A token a trusted source signs for its user (server.SignSourceToken). */
function sourceToken(source, key, username) {
  const body = Buffer.from(JSON.stringify({ src: source, sub: username, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

const EMPLOYEE_GROUPS = ['MY', 'main', 'BV', 'YG', 'ZX'];

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('portal', () => page);
  const step = s.step.bind(s);
  const probes = [];
  let probe;

  const path = () => new URL(page.url()).pathname;
  const storage = (key) => page.evaluate((k) => localStorage.getItem(k), key);
  const visibleGroups = () => page.locator('nav[data-sidebar] [data-menu-group]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-group')));
  const openGroup = async (code) => {
    const group = page.locator(`[data-menu-group="${code}"]`);
    const head = group.locator('[aria-expanded]').first();
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    await group.locator('[data-menu]').first().waitFor();
  };
  const navWidth = () => page.locator('nav[data-sidebar]').evaluate((el) => el.getBoundingClientRect().width);

  await step('browser page opens', async () => {
    probe = await openPage(browser, 'portal');
    probes.push(probe);
    page = probe.page;
  });

  await step('/ without a session goes to the login page', async () => {
    await page.goto(`${baseUrl}/`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.locator('#login-username').waitFor();
  });

  await step('a route that needs a session keeps it as the redirect', async () => {
    await page.goto(`${baseUrl}/Dashboard`);
    await page.waitForURL((u) => u.pathname === '/login');
    assertEqual(new URL(page.url()).searchParams.get('redirect'), '/Dashboard', 'redirect parameter');
  });

  await step('a wrong password shows the server message', async () => {
    await page.locator('#login-username').fill('employee01');
    await page.locator('#login-password').fill('not-the-password');
    await page.locator('[data-action="login"]').click();
    const error = page.locator('[data-error="login"]');
    await error.waitFor();
    const text = await error.innerText();
    assert(text.includes('用户名或密码错误'), `the login refusal shows the server's message, got "${text}"`);
    assertEqual(path(), '/login', 'still on the login page');
  });

  await step('employee01 logs in and lands on the Dashboard with name and employee id', async () => {
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.waitForURL((u) => u.pathname === '/Dashboard');
    await page.locator('[data-welcome]', { hasText: 'E00001' }).waitFor(); // filled once the current user loads
    const welcome = await page.locator('[data-welcome]').innerText();
    assert(welcome.includes('E00001') && welcome.includes('张三'), `welcome text with employee id and name: ${welcome}`);
    assert((await page.locator('[data-dashboard-hello]').innerText()).includes('张三'), 'the Dashboard greets by name');
    // Shortcuts: the document types of the person's menu.
    await page.locator('[data-shortcut="BE"]').waitFor();
    assertEqual(await page.locator('[data-shortcut="AA"]').count(), 0, 'no shortcut outside the menu');
    assert(await storage('token'), 'token kept under localStorage "token"');
    const menus = JSON.parse((await storage('menuPermissions')) ?? 'null');
    assert(Array.isArray(menus) && menus.some((m) => m.menuCode === 'YG'), `menuPermissions kept: ${JSON.stringify(menus)?.slice(0, 200)}`);
    const perms = JSON.parse((await storage('allPermissions')) ?? 'null');
    assert(Array.isArray(perms) && perms.some((p) => p.permissionType), `allPermissions kept: ${JSON.stringify(perms)?.slice(0, 200)}`);
  });

  await step('employee01 sees only the employee menus', async () => {
    await page.locator('[data-menu-group]').first().waitFor();
    assertEqual(JSON.stringify(await visibleGroups()), JSON.stringify(EMPLOYEE_GROUPS), 'menu groups');
    await openGroup('MY');
    const items = await page.locator('[data-menu-group="MY"] [data-menu]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')));
    assert(items.includes('MY00001') && !items.includes('MY00003') && !items.includes('MY00004'), `MY items without approval lists: ${items}`);
    assertEqual(await page.locator('[data-menu-group="cfg"]').count(), 0, 'configuration center hidden');
  });

  let firstListUrl;
  await step('a menu entry opens the generic form-list page with a version stamp', async () => {
    await openGroup('YG');
    const before = Date.now();
    await page.locator('[data-menu="BE"]').click();
    await page.waitForURL((u) => /^\/YG\/BE\/\d{13}$/.test(u.pathname));
    const url = new URL(page.url());
    assertEqual(url.searchParams.get('docType'), 'BE', 'docType query');
    const stamp = Number(url.pathname.split('/').pop());
    assert(stamp >= before && stamp <= Date.now(), `version stamp is the current time: ${stamp}`);
    await page.locator('[data-page="form-list"][data-doc-type="BE"]').waitFor();
    await page.locator('[data-document-list][data-total]').waitFor();
    await page.locator('[data-page="form-list"] [data-action="new"]:not([aria-disabled="true"])').waitFor();
    firstListUrl = page.url();
    await page.waitForTimeout(5);
    await page.locator('[data-menu="BE"]').click();
    await page.waitForURL((u) => u.href !== firstListUrl);
    assert(/^\/YG\/BE\/\d{13}$/.test(path()), `a second click carries a new stamp: ${page.url()}`);
  });

  await step('a worklist entry opens its list; entries without a page are not in the menu', async () => {
    await page.locator('[data-menu="MY00001"]').click();
    await page.waitForURL((u) => /^\/MY\/MY00001\/\d{13}$/.test(u.pathname));
    await page.locator('[data-page="worklist"][data-list="draft"] [data-worklist-table][data-loaded="true"]').waitFor();
    assertEqual((await page.locator('[data-list-title]').innerText()).trim(), '草稿箱', 'list title');
    await openGroup('main');
    const items = await page.locator('[data-menu-group="main"] [data-menu]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')));
    assert(['draft', 'myPayment', 'paymentStateView', 'myInvoice'].every((c) => items.includes(c)), `main items with their pages: ${items}`);
    const pending = await page.locator('nav [data-menu="creditorManagement"], nav [data-menu="SL00001"]').count();
    assertEqual(pending, 0, 'entries without a page (creditors, SL00001) in the menu');
  });

  await step('the logo returns to the Dashboard and a shortcut opens a new form', async () => {
    await page.locator('[data-logo]').click();
    await page.waitForURL((u) => u.pathname === '/Dashboard');
    await page.locator('[data-shortcut="BE"] a').click();
    await page.waitForURL((u) => u.pathname === '/form' && u.searchParams.get('docType') === 'BE' && u.searchParams.get('action') === 'new');
    await page.locator('[data-form-title]').waitFor();
    assertEqual((await page.locator('[data-form-title]').innerText()).trim(), '员工费用报销', 'form title');
  });

  await step('hidden top-level routes without a page are not found; no page says "not available yet"', async () => {
    // (/voucherCfg and /maintainTravelStandards open their configuration pages: masterdata.e2e.mjs)
    for (const route of ['/quota', '/viewer', '/invoice']) {
      await page.goto(`${baseUrl}${route}`);
      await page.locator('[data-page="404"]').waitFor();
      const text = await page.locator('body').innerText();
      assert(!text.includes('not available yet') && !text.includes('暂未开放') && !text.includes('尚未提供'), `${route} promises nothing: ${text}`);
    }
  });

  await step('unknown routes and /404 show the not-found page; /403 the forbidden page', async () => {
    await page.goto(`${baseUrl}/no/such/page`);
    await page.locator('[data-page="404"]').waitFor();
    await page.goto(`${baseUrl}/404`);
    await page.locator('[data-page="404"]').waitFor();
    await page.goto(`${baseUrl}/403`);
    await page.locator('[data-page="403"]').waitFor();
  });

  await step("another person's document shows 403", async () => {
    // finance01 files a document of their own: the catalogue's minimal valid EX02
    // (rules/examples), without its reimburser.
    const finance = await loginThroughApi(serverUrl, 'finance01', 'demo123');
    const doc = JSON.parse(readFileSync(join(repoDir, 'rules', 'examples', 'form', 'EX02.json'), 'utf8'));
    delete doc.head.applicant;
    delete doc.head.businessId;
    const res = await fetch(`${serverUrl}/api/galaxyform/yx/ap/head/create?action=new`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-token': finance.token },
      body: JSON.stringify(doc),
    });
    const body = await res.json();
    assertEqual(res.status, 200, `finance01 creates a document (${body.message} ${JSON.stringify(body.data?.errors ?? '')})`);
    const businessId = body.data.head.businessId;
    // The form loads the document (the family from the registry list): the load is refused.
    probe.expectFailure(403, '/head/load');
    const refused = page.waitForResponse((r) => r.url().includes('/head/load'));
    await page.goto(`${baseUrl}/form?docType=EX02&businessId=${encodeURIComponent(businessId)}&action=edit`);
    assertEqual((await refused).status(), 403, 'load status');
    await page.locator('[data-page="403"]').waitFor();
    assert((await page.locator('[data-page="403"]').innerText()).includes(businessId), 'the 403 page repeats the server reason');
  });

  await step("the reimbursement guide drawer: 1000 px, three required filters, query shows the type's guide, reset", async () => {
    await page.goto(`${baseUrl}/Dashboard`);
    await page.locator('[data-action="guide"]').click();
    const drawer = page.locator('[data-drawer="guide"]');
    await drawer.waitFor();
    assertEqual((await drawer.locator('[data-guide-title]').innerText()).trim(), '报账指引', 'drawer title');
    assertEqual(Math.round((await drawer.boundingBox()).width), 1000, 'drawer width');
    await drawer.locator('[data-action="guide-query"]').click();
    for (const id of ['guide-docType', 'guide-bt1', 'guide-bt2']) {
      const helper = await page.locator(`#${id}-helper-text`).innerText();
      assert(helper.startsWith('请选择'), `${id} is required: "${helper}"`);
    }
    const choose = async (id, value) => {
      await page.locator(`#${id}`).click();
      const option = value ? page.locator(`[role="option"][data-option="${value}"]`) : page.locator('[role="option"]').first();
      await option.click();
      await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    };
    await choose('guide-docType', 'BE');
    await page.locator('#guide-bt1:not([aria-disabled="true"])').waitFor();
    await choose('guide-bt1', 'A01');
    // A01 of BE has no sub-categories: category 2 is no longer required.
    assertEqual(await page.locator('#guide-bt2').getAttribute('aria-disabled'), 'true', 'category 2 empty');
    await drawer.locator('[data-action="guide-query"]').click();
    // before a query the drawer shows the common table (data-guide="content"); the query shows the type's guide
    const guide = drawer.locator('[data-guide="type"]');
    await guide.waitFor();
    assert((await guide.locator('[data-guide-doc-type="BE"]').innerText()).includes('员工费用报销'), 'the guide names the type');
    await guide.locator('[data-guide="content"]').waitFor();
    assert((await guide.locator('[data-guide-lead]').innerText()).trim().length > 0, "the guide shows the type's lead page");
    await drawer.locator('[data-action="guide-reset"]').click();
    await guide.waitFor({ state: 'detached' });
    assertEqual((await page.locator('#guide-docType').innerText()).replace(/\u200b/g, '').trim(), '', 'document type cleared');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  await step('no advice entry is offered while no feedback form is configured', async () => {
    assertEqual(await page.locator('[data-advice-button], [data-action="advice"]').count(), 0, 'advice entries');
  });

  await step('the sidebar collapses to 30 px and opens to 195 px', async () => {
    assertEqual(Math.round(await navWidth()), 195, 'open width');
    await page.locator('[data-sidebar-toggle]').click();
    await page.waitForFunction(() => document.querySelector('nav[data-sidebar]')?.getBoundingClientRect().width === 30);
    await page.locator('[data-sidebar-toggle]').click();
    await page.waitForFunction(() => document.querySelector('nav[data-sidebar]')?.getBoundingClientRect().width === 195);
  });

  await step('?pureModel hides header and sidebar', async () => {
    await page.goto(`${baseUrl}/Dashboard?pureModel=1`);
    await page.locator('[data-page="dashboard"]').waitFor();
    assertEqual(await page.locator('[data-logo]').count(), 0, 'no top bar');
    assertEqual(await page.locator('nav[data-sidebar]').count(), 0, 'no sidebar');
    await page.goto(`${baseUrl}/Dashboard`);
    await page.locator('[data-logo]').waitFor();
  });

  await step('Thai and English translate the shell; Chinese is back', async () => {
    await page.locator('[data-lang="th"]').click();
    await page.waitForFunction(() => document.querySelector('[data-action="logout"]')?.textContent?.includes('ออกจากระบบ'));
    assertEqual(await page.locator('[data-action="guide"]').getAttribute('aria-label'), 'คู่มือการเบิกจ่าย', 'guide label in Thai');
    assert((await page.locator('[data-welcome]').innerText()).startsWith('ยินดีต้อนรับ'), 'welcome in Thai');
    await page.locator('[data-lang="en"]').click();
    await page.waitForFunction(() => document.querySelector('[data-action="logout"]')?.textContent?.toLowerCase().includes('log out'));
    await page.locator('[data-lang="zh"]').click();
    await page.waitForFunction(() => document.querySelector('[data-action="logout"]')?.textContent?.includes('退出'));
  });

  await step('/login with a session goes home', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL((u) => u.pathname === '/Dashboard');
  });

  await step('logout returns to the login page and forgets the session', async () => {
    // The Dashboard's own request, if still on its way as the session ends, is refused (seen once on a slow machine).
    probe.expectFailure(401, '/api/formwork/dashboard');
    const logout = page.waitForResponse((r) => r.url().includes('/api/galaxyform/cas/logout'));
    await page.locator('[data-action="logout"]').click();
    assertEqual((await logout).status(), 200, 'logout status');
    await page.waitForURL((u) => u.pathname === '/login');
    assertEqual(await storage('token'), null, 'token removed');
    assertEqual(await storage('menuPermissions'), null, 'menuPermissions removed');
    assertEqual(await storage('allPermissions'), null, 'allPermissions removed');
    await page.goto(`${baseUrl}/Dashboard`);
    await page.waitForURL((u) => u.pathname === '/login');
  });

  let adminToken;
  await step('admin sees the configuration center', async () => {
    await loginThroughPage(page, baseUrl, 'admin', 'demo123');
    await page.waitForURL((u) => u.pathname === '/Dashboard');
    const cfg = page.locator('[data-menu-group="cfg"]');
    await cfg.waitFor();
    assert((await cfg.innerText()).includes('配置中心'), 'configuration center titled 配置中心');
    const groups = await visibleGroups();
    assert(groups.length > EMPLOYEE_GROUPS.length, `admin sees more groups: ${groups}`);
    adminToken = await storage('token');
  });

  await step("an ended session shows 'not logged in!' and returns to the login page", async () => {
    const res = await fetch(`${serverUrl}/api/galaxyform/cas/logout`, { headers: { 'X-token': adminToken } });
    assertEqual(res.status, 200, 'session ended on the server');
    probe.expectFailure(401, '/api/');
    await page.reload();
    const notice = page.locator('[data-notice="global"]');
    await notice.waitFor();
    assert((await notice.innerText()).includes('未登录！'), `notice says 未登录！: ${await notice.innerText()}`);
    await page.waitForURL((u) => u.pathname === '/login', { timeout: STEP_TIMEOUT });
    assertEqual(await storage('token'), null, 'token removed');
  });

  await step('a mobile login token opens the form without header and sidebar', async () => {
    const mobile = await openPage(browser, 'mobile');
    probes.push(mobile);
    page = mobile.page;
    const token = sourceToken('MOA', MOA_KEY, 'employee01');
    await page.goto(`${baseUrl}/mmdl?${new URLSearchParams({ token, sourceSystem: 'MOA', docType: 'EX02', action: 'new' })}`);
    await page.waitForURL((u) => u.pathname === '/form' && u.searchParams.get('docType') === 'EX02');
    await page.locator('[data-form-title]').waitFor();
    assertEqual(await storage('mmdlToken'), token, 'mmdlToken kept');
    assertEqual(await storage('token'), null, 'no X-token');
    assertEqual(await page.locator('[data-logo]').count(), 0, 'no top bar');
    assertEqual(await page.locator('nav[data-sidebar]').count(), 0, 'no sidebar');
    assert(!page.url().includes('token='), 'the token left the address');
  });

  await step('a K2 token with sourceSystem is kept and sent as k2token', async () => {
    const k2 = await openPage(browser, 'k2');
    probes.push(k2);
    page = k2.page;
    const token = sourceToken('K2', K2_KEY, 'employee01');
    const sent = page.waitForRequest((r) => r.url().includes('/api/galaxycommon/user/current'));
    await page.goto(`${baseUrl}/Dashboard?${new URLSearchParams({ k2token: token, sourceSystem: 'K2' })}`);
    assertEqual((await sent).headers()['k2token'], token, 'k2token header');
    await page.waitForURL((u) => u.pathname === '/Dashboard' && !u.search.includes('k2token'));
    // the welcome text fills in once the current user has loaded: wait for it
    await page.locator('[data-welcome]', { hasText: 'E00001' }).waitFor({ timeout: STEP_TIMEOUT });
    assertEqual(await storage('k2token'), token, 'k2token kept');
  });

  await step(
    'no console errors or warnings',
    async () => {
      assert(probes.length > 0, 'no page ran');
      for (const p of probes) p.assertNoConsoleProblems();
    },
    { always: true },
  );
  for (const p of probes) await p.context.close().catch(() => undefined);
}

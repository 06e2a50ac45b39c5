// Browser test of the menus (issue 15 items 1 and 6) against a real formwork server:
// every menu entry employee01 sees opens a page (none says "not available yet"), the
// entries whose page is pending are not shown; employee01 reaches the employee claim EX02
// from the menu (员工报销 YG00001 lists EX02) and files it, and finds its shortcut on the
// Dashboard; manager01 approves the first step; finance01, the second approver of company
// 1000's claims up to 10,000, opens 我的待办 from the menu and approves it there. Run by
// e2e/run.mjs (`node e2e/run.mjs menus`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario, STEP_TIMEOUT } from './harness.mjs';
import { saveCommunicationClaim } from './lines.mjs';

const FORBIDDEN = ['not available yet', '暂未开放', '尚未提供', '未在系统中注册'];

async function openEntry(page, group, code) {
  const g = page.locator(`[data-menu-group="${group}"]`);
  const head = g.locator('[aria-expanded]').first();
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  await g.locator(`[data-menu="${code}"]`).click();
}

async function menuItems(page) {
  return page.locator('nav[data-sidebar] [data-menu]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu')));
}

/** Expands every group of the sidebar. */
async function expandAll(page) {
  // the menu arrives after the dashboard: wait for its groups first
  await page.locator('nav[data-sidebar] [data-menu-group]').first().waitFor();
  const heads = page.locator('nav[data-sidebar] [data-menu-group] [aria-expanded="false"]');
  while ((await heads.count()) > 0) await heads.first().click();
}

/** Approves businessId from the to-do list on screen (its row's approve, a comment). */
async function approveFromList(page, businessId, comment) {
  await page.locator('#worklist-businessId').fill(businessId);
  await page.locator('[data-action="worklist-query"]').click();
  const row = page.locator(`[data-worklist-table] tr[data-row="${businessId}"]`);
  await row.waitFor();
  await row.locator('[data-row-action="approve"]').click();
  const dialog = page.locator('[data-dialog="comment"][data-action="approve"]');
  await dialog.waitFor();
  await dialog.locator('#process-comment').fill(comment);
  const answer = page.waitForResponse((r) => r.url().includes('/process/complete'));
  await dialog.locator('[data-action="confirm-comment"]').click();
  assertEqual((await answer).status(), 200, 'approve status');
  await row.waitFor({ state: 'detached' });
}

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('menus', () => page);
  const step = s.step.bind(s);
  const probes = [];
  let businessId;

  await step('employee01: every entry of the menu opens a page; pending ones are not shown', async () => {
    const probe = await openPage(browser, 'employee01');
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await expandAll(page);
    const items = await menuItems(page);
    for (const shown of ['YG00001', 'YG00004', 'YG00005', 'ZX00001', 'ER00003', 'MY00011', 'MY00009', 'toConfirm', 'myTravelTrip', 'MY00008', 'myPayment', 'paymentStateView', 'myInvoice', 'MY00007']) {
      assert(items.includes(shown), `${shown} is shown: ${items}`);
    }
    for (const code of items) {
      const before = page.url();
      await page.locator(`nav[data-sidebar] [data-menu="${code}"]`).first().click();
      await page.waitForURL((u) => u.href !== before && /\/\d{13}$/.test(u.pathname));
      const main = page.locator('main');
      await main.locator('[data-page]').first().waitFor();
      const kind = await main.locator('[data-page]').first().getAttribute('data-page');
      assert(!['404', '403'].includes(kind), `${code} opens a page, not ${kind}`);
      const text = await main.innerText();
      for (const word of FORBIDDEN) assert(!text.includes(word), `${code} says "${word}"`);
    }
  });

  await step('the Dashboard has a shortcut to EX02 (the type 员工报销 opens)', async () => {
    await page.locator('[data-logo]').click();
    await page.locator('[data-shortcut="EX02"]').waitFor();
    for (const t of ['EX01', 'EX04', 'EX05', 'EX03']) await page.locator(`[data-shortcut="${t}"]`).waitFor();
  });

  await step('员工报销 (YG00001) lists employee claims EX02; 新建 files one', async () => {
    await openEntry(page, 'YG', 'YG00001');
    await page.locator('[data-page="form-list"][data-doc-type="EX02"]').waitFor();
    await page.locator('[data-page="form-list"] [data-action="new"]:not([aria-disabled="true"])').click();
    await page.waitForURL((u) => u.pathname === '/form' && u.searchParams.get('docType') === 'EX02' && u.searchParams.get('action') === 'new');
    await page.locator('[data-form-ready="true"] #root_head_description').waitFor({ timeout: STEP_TIMEOUT });
    const body = await saveCommunicationClaim(page, `E2E menus ${Date.now()}`);
    businessId = body.data.head.businessId;
    await page.locator(`[data-business-id="${businessId}"]`).waitFor();
    const submitted = page.waitForResponse((r) => r.url().includes('/process/startProcess'));
    await page.locator('[data-button="submit"]').click();
    assertEqual((await submitted).status(), 200, 'submit status');
    await page.locator('[data-document-status="inApproval"]').waitFor();
    console.log(`     ${businessId} filed`);
  });

  await step('manager01 approves the first step from 我的待办', async () => {
    const probe = await openPage(browser, 'manager01');
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'manager01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await openEntry(page, 'main', 'backlog');
    await page.locator('[data-page="worklist"][data-list="todo"] [data-worklist-table][data-loaded="true"]').waitFor();
    await approveFromList(page, businessId, 'E2E 一级同意');
  });

  await step('finance01 opens 我的待办 from the menu and approves the second step there', async () => {
    const probe = await openPage(browser, 'finance01');
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'finance01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await openEntry(page, 'main', 'backlog');
    await page.waitForURL((u) => /^\/main\/backlog\/\d{13}$/.test(u.pathname));
    await page.locator('[data-page="worklist"][data-list="todo"] [data-worklist-table][data-loaded="true"]').waitFor();
    await approveFromList(page, businessId, 'E2E 二级同意');
    await openEntry(page, 'main', 'haveDone');
    await page.locator('[data-page="worklist"][data-list="done"] [data-worklist-table][data-loaded="true"]').waitFor();
  });

  await step('国内差旅 (YG00002) lists travel claims TB of sub-type T01; 新建 opens a T01 claim', async () => {
    const probe = await openPage(browser, 'employee01');
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    const listed = page.waitForResponse((r) => r.url().includes('/documents/query') && r.request().postData()?.includes('"subType":"T01"'));
    await openEntry(page, 'ZX', 'YG00002');
    await page.locator('[data-page="form-list"][data-doc-type="TB"][data-sub-type="T01"]').waitFor();
    assertEqual((await listed).status(), 200, 'the list filtered to T01');
    const exported = page.waitForResponse((r) => r.url().includes('/registry/docTypes/TB/form') && r.url().includes('subType=T01'));
    await page.locator('[data-page="form-list"] [data-action="new"]:not([aria-disabled="true"])').click();
    await page.waitForURL((u) => u.pathname === '/form' && u.searchParams.get('docType') === 'TB' && u.searchParams.get('subType') === 'T01');
    assertEqual((await exported).status(), 200, "the T01 claim's form");
  });

  await step('a claim employee01 files for manager01 (their delegate) awaits manager01 in 待确认', async () => {
    const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
    const claim = JSON.parse(readFileSync(join(repoDir, 'seeds', 'documents', 'EX02-travel.json'), 'utf8'));
    claim.head.description = `E2E 待确认 ${Date.now()}`;
    claim.head.applicant = 'manager01';
    const res = await fetch(`${serverUrl}/api/galaxyform/yx/ap/head/create?action=new&authorBy=manager01`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-token': token },
      body: JSON.stringify(claim),
    });
    const body = await res.json();
    assertEqual(res.status, 200, `filing for manager01: ${body.message}`);
    const filed = body.data.head.businessId;
    const probe = await openPage(browser, 'manager01');
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'manager01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await openEntry(page, 'main', 'toConfirm');
    const row = page.locator(`[data-page="to-confirm"] [data-to-confirm="${filed}"]`);
    await row.waitFor();
    await row.locator('a').click();
    await page.waitForURL((u) => u.pathname === '/form' && u.searchParams.get('businessId') === filed && u.searchParams.get('action') === 'edit');
    await page.locator(`[data-business-id="${filed}"]`).waitFor();
  });

  await step('admin: the travel-agency pages (YX17, SL) and the pre-request push show the trips held and say where bookings come from', async () => {
    const probe = await openPage(browser, 'admin');
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'admin', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    for (const [group, code, view] of [
      ['SL', 'flightOnline', 'flight'],
      ['YX17', 'YX1703', 'settlement'],
      ['cfg', 'preRequestPush', 'preRequests'],
    ]) {
      const asked = page.waitForResponse((r) => r.url().includes('/api/formwork/documents/trips'));
      await openEntry(page, group, code);
      assertEqual((await asked).status(), 200, `${code}: the trips`);
      const shown = page.locator(`[data-page="trips"][data-trips-view="${view}"]`);
      await shown.waitFor();
      const note = await shown.locator('[data-trips-note]').innerText();
      assert(note.includes('差旅服务商'), `${code} says where bookings come from: ${note}`);
      await shown.locator('tbody tr').first().waitFor();
    }
    for (const pending of ['SL00001', 'creditorManagement']) {
      assertEqual(await page.locator(`nav[data-sidebar] [data-menu="${pending}"]`).count(), 0, `${pending} is not shown`);
    }
  });

  for (const [i, probe] of probes.entries()) {
    await step(`page ${i + 1} logged no console errors or warnings`, async () => probe.assertNoConsoleProblems(), { always: true });
  }
  for (const probe of probes) await probe.context.close().catch(() => undefined);
}

// Browser test of the earlier menu variant (navigation-and-access.md 2.2) on a server
// configured for it (FORMWORK_MENU_VARIANT=legacy): finance01's menu has /payables,
// /AR, /GLA and /Capital in place of the current groups, and their entries open the
// generic form-list page as /payables/<stamp>?docType=AA. Also the company switch,
// sent as X-company. Run by e2e/run.mjs.
import { assert, assertEqual, loginThroughPage, openPage, scenario, startServer, startViteDev, stopServer } from './harness.mjs';

export async function run({ browser }) {
  let page;
  let probe;
  let server;
  let vite;
  let baseUrl;
  const s = scenario('legacy', () => page);
  const step = s.step.bind(s);
  try {
    await step('a server with the earlier menu variant starts', async () => {
      server = await startServer({ env: { FORMWORK_MENU_VARIANT: 'legacy' } });
      if (process.env.E2E_DEV) vite = await startViteDev(server.url);
      baseUrl = vite?.url ?? server.url;
    });

    await step('finance01 sees the earlier groups in place of the current ones', async () => {
      probe = await openPage(browser, 'legacy');
      page = probe.page;
      await loginThroughPage(page, baseUrl, 'finance01', 'demo123');
      await page.locator('[data-menu-group]').first().waitFor();
      const groups = await page.locator('nav[data-sidebar] [data-menu-group]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-group')));
      for (const g of ['payables', 'AR', 'GLA', 'Capital']) assert(groups.includes(g), `${g} among ${groups}`);
      for (const g of ['ER', 'GL', 'AS']) assert(!groups.includes(g), `${g} replaced: ${groups}`);
    });

    await step('an entry of the earlier variant opens /group/<stamp>?docType=', async () => {
      for (const [group, code] of [
        ['payables', 'AA'],
        ['Capital', 'FA'],
      ]) {
        await page.locator(`[data-menu-group="${group}"] [aria-expanded]`).first().click();
        await page.locator(`[data-menu-group="${group}"] [data-menu="${code}"]`).click();
        await page.waitForURL((u) => new RegExp(`^/${group}/\\d{13}$`).test(u.pathname) && u.searchParams.get('docType') === code);
        await page.locator(`[data-page="form-list"][data-doc-type="${code}"]`).waitFor();
        await page.locator('[data-document-list][data-total]').waitFor();
        assertEqual(
          await page.locator(`[data-menu-group="${group}"] [data-menu="${code}"]`).getAttribute('aria-current'),
          'page',
          `${code} marked as the current entry`,
        );
      }
    });

    await step('the company switch is sent as X-company', async () => {
      const select = page.locator('#company-select');
      await select.waitFor();
      const sent = page.waitForRequest((r) => r.url().includes('/api/') && r.headers()['x-company'] === '2000');
      await select.click();
      await page.locator('[role="option"][data-value="2000"]').click();
      await sent;
      assertEqual(await page.evaluate(() => localStorage.getItem('company')), '2000', 'company kept');
    });

    await step(
      'no console errors or warnings',
      async () => {
        assert(probe, 'no page ran');
        probe.assertNoConsoleProblems();
      },
      { always: true },
    );
  } finally {
    await probe?.context.close().catch(() => undefined);
    vite?.child.kill('SIGTERM');
    await stopServer(server, { showOutput: s.broken });
  }
}

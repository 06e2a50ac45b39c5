// Runs every browser test against real formwork servers and prints, as its last line,
// "N passed, N failed". `node e2e/run.mjs portal` runs one scenario (form, portal,
// lifecycle, recall, catalogue, masterdata, prefill, admin, budget, lists, menus, totals, reports, invoices, files, payments, dashboard, vouchers, moneyout, sso, legacy).
// systems); the single sign-on and earlier-menu scenarios start their own, configured
// for a fake CAS server and for the earlier menu variant. E2E_DEV=1 serves the pages from Vite's dev server (proxying /api), so that
// React's and MUI's development-only warnings are caught too.
import { execFileSync } from 'node:child_process';
import { launchBrowser, results, scenario, startServer, startViteDev, stopServer, summary } from './harness.mjs';
import { run as runForm } from './form.e2e.mjs';
import { run as runPortal, TRUSTED_SOURCES } from './portal.e2e.mjs';
import { run as runSso } from './sso.e2e.mjs';
import { run as runLegacy } from './legacy.e2e.mjs';
import { run as runLifecycle } from './lifecycle.e2e.mjs';
import { run as runRecall } from './recall.e2e.mjs';
import { run as runCatalogue } from './catalogue.e2e.mjs';
import { run as runMasterdata } from './masterdata.e2e.mjs';
import { run as runPrefill } from './prefill.e2e.mjs';
import { run as runAdmin } from './admin.e2e.mjs';
import { run as runBudget } from './budget.e2e.mjs';
import { run as runLists } from './lists.e2e.mjs';
import { run as runMenus } from './menus.e2e.mjs';
import { run as runReports } from './reports.e2e.mjs';
import { run as runTotals } from './totals.e2e.mjs';
import { run as runInvoices } from './invoices.e2e.mjs';
import { run as runFiles } from './files.e2e.mjs';
import { run as runVouchers } from './vouchers.e2e.mjs';
import { run as runPayments } from './payments.e2e.mjs';
import { run as runDashboard } from './dashboard.e2e.mjs';
import { run as runMoneyout } from './moneyout.e2e.mjs';
import { run as runSlowEvaluate } from './slowEvaluate.e2e.mjs';

const wanted = new Set(process.argv.slice(2));
const want = (name) => wanted.size === 0 || wanted.has(name);

const setup = scenario('setup');
let server;
let vite;
let browser;
try {
  if (['form', 'portal', 'lifecycle', 'recall', 'catalogue', 'masterdata', 'prefill', 'admin', 'budget', 'lists', 'menus', 'totals', 'reports', 'invoices', 'files', 'payments', 'dashboard', 'slow-evaluate'].some(want)) {
    await setup.step('server starts', async () => {
      server = await startServer({ env: { FORMWORK_TRUSTED_SOURCES: TRUSTED_SOURCES } });
      console.log(`     server at ${server.url}`);
      if (!process.env.E2E_DEV) {
        const index = await (await fetch(`${server.url}/form`)).text();
        if (!index.includes('id="root"')) throw new Error('the server binary serves no web app: build it after the web (cd .. && make build)');
      }
    });
    if (process.env.E2E_DEV) {
      await setup.step('vite dev server starts', async () => {
        vite = await startViteDev(server.url);
        console.log(`     dev server at ${vite.url}`);
      });
    }
  }
  await setup.step('fonts for Chinese and Thai are installed (screenshots and prints show them)', async () => {
    for (const lang of ['zh', 'th']) {
      const families = execFileSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' }).trim();
      if (!families) throw new Error(`no font for ${lang} (fc-list :lang=${lang}): run make chromium at the repository root`);
    }
  });
  await setup.step('browser starts', async () => {
    browser = await launchBrowser();
  });
  if (!setup.broken) {
    const env = { browser, serverUrl: server?.url, baseUrl: vite?.url ?? server?.url };
    if (want('form')) await runForm(env);
    if (want('portal')) await runPortal(env);
    if (want('lifecycle')) await runLifecycle(env);
    if (want('recall')) await runRecall(env);
    if (want('catalogue')) await runCatalogue(env);
    if (want('masterdata')) await runMasterdata(env);
    if (want('prefill')) await runPrefill(env);
    if (want('admin')) await runAdmin(env);
    if (want('budget')) await runBudget(env);
    if (want('lists')) await runLists(env);
    if (want('menus')) await runMenus(env);
    if (want('totals')) await runTotals(env);
    if (want('reports')) await runReports(env);
    if (want('invoices')) await runInvoices(env);
    if (want('files')) await runFiles(env);
    if (want('payments')) await runPayments(env);
    if (want('dashboard')) await runDashboard(env);
    if (want('slow-evaluate')) await runSlowEvaluate(env);
    if (want('sso')) await runSso({ browser });
    if (want('legacy')) await runLegacy({ browser });
    if (want('vouchers')) await runVouchers({ browser });
    if (want('moneyout')) await runMoneyout({ browser });
  }
} finally {
  await browser?.close().catch(() => undefined);
  vite?.child.kill('SIGTERM');
  await stopServer(server, { showOutput: results.failed > 0 });
  summary();
}

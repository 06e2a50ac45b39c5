// Browser end-to-end test of the generic form page against a real formwork server.
//
// Starts `$FORMWORK_BIN serve --http 127.0.0.1:0 --dir <temp>` (default ../bin/formwork),
// drives Debian's chromium through playwright-core, and walks one EX02 document through
// new -> save -> reload -> refused save. Fails on any console error or warning of the
// page. The last line printed is "N passed, N failed, N skipped".
//
// E2E_DEV=1 serves the page from Vite's dev server instead (proxying /api to the
// formwork server), so React's and MUI's development-only warnings are caught too.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const formworkBin = resolve(webDir, process.env.FORMWORK_BIN ?? '../bin/formwork');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifacts = join(webDir, 'e2e', 'artifacts');
const STEP_TIMEOUT = 20_000;

// ---------------------------------------------------------------- tiny runner
const results = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

async function step(name, fn, { always = false } = {}) {
  if (broken && !always) {
    results.skipped++;
    console.log(`- skip ${name}`);
    return;
  }
  const started = Date.now();
  try {
    await fn();
    results.passed++;
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (err) {
    results.failed++;
    broken = true;
    console.log(`FAIL ${name}\n     ${String(err?.stack ?? err).split('\n').join('\n     ')}`);
    await screenshot(name);
  }
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

function assertEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

// ---------------------------------------------------------------- server
function startServer() {
  return new Promise((resolveStart, rejectStart) => {
    if (!existsSync(formworkBin)) {
      rejectStart(new Error(`no server binary at ${formworkBin} (build it: cd .. && make build, or set FORMWORK_BIN)`));
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'formwork-e2e-'));
    const child = spawn(formworkBin, ['serve', '--http', '127.0.0.1:0', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      child.kill('SIGKILL');
      rejectStart(new Error(`server did not report "listening on" within 30 s; output:\n${out}`));
    }, 30_000);
    const onData = (chunk) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^\s"']+)/.exec(out);
      if (m && !settled) {
        settled = true;
        clearTimeout(timer);
        resolveStart({ child, url: m[1].replace(/\/$/, ''), dir, output: () => out });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      out += chunk.toString();
    });
    child.on('exit', (code) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        rejectStart(new Error(`server exited with ${code} before listening; output:\n${out}`));
      }
    });
  });
}

/** Starts Vite's dev server against the formwork server; resolves with its URL. */
function startViteDev(apiUrl) {
  return new Promise((resolveStart, rejectStart) => {
    const vite = join(webDir, 'node_modules', '.bin', 'vite');
    const child = spawn(vite, ['--port', '0', '--strictPort', '--host', '127.0.0.1'], {
      cwd: webDir,
      env: { ...process.env, FORMWORK_API: apiUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => rejectStart(new Error(`vite did not start within 30 s:\n${out}`)), 30_000);
    const onData = (chunk) => {
      out += chunk.toString();
      // eslint-disable-next-line no-control-regex
      const m = /Local:\s+(http:\/\/[^\s/]+)/.exec(out.replace(/\u001b\[[0-9;]*m/g, ''));
      if (m) {
        clearTimeout(timer);
        resolveStart({ child, url: m[1] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => rejectStart(new Error(`vite exited with ${code}:\n${out}`)));
  });
}

// ---------------------------------------------------------------- browser helpers
let page;
let server;
let viteDev;
/** Where the page is served from: the formwork server, or Vite's dev server in E2E_DEV mode. */
let baseUrl;
let browser;
const consoleProblems = [];
/** Network failures the scenario provokes on purpose (the refused save), e.g. "422 /head/update". */
const expectedFailures = [];
/** Chromium's log lines for those expected failures (not the app's messages). */
const ignoredNetworkLogs = [];

async function screenshot(name) {
  if (!page) return;
  try {
    mkdirSync(artifacts, { recursive: true });
    const file = join(artifacts, `${name.replace(/[^\w-]+/g, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`     screenshot: ${file}`);
  } catch {
    // the page may be gone
  }
}

/** Whether a console message is Chromium's own log line for a response the scenario expects to fail. */
function isExpectedNetworkLog(msg) {
  const text = msg.text();
  const url = msg.location()?.url ?? '';
  const m = /the server responded with a status of (\d{3})/.exec(text);
  if (!m) return false;
  return expectedFailures.some((f) => f.status === Number(m[1]) && url.includes(f.path));
}

async function gotoForm(query) {
  await page.goto(`${baseUrl}/form?${query}`);
  await page.locator('[data-form-title]').waitFor({ timeout: STEP_TIMEOUT });
  await page.locator('#root_head_description').waitFor({ timeout: STEP_TIMEOUT });
}

/** Picks an option of an MUI select found by the id of its combobox or of its field. */
async function chooseOption(comboboxSelector, pick) {
  await page.locator(comboboxSelector).click();
  const listbox = page.locator('[role="listbox"]');
  await listbox.waitFor({ timeout: STEP_TIMEOUT });
  const options = listbox.locator('[role="option"]');
  const count = await options.count();
  const texts = [];
  for (let i = 0; i < count; i++) {
    texts.push({
      index: i,
      text: (await options.nth(i).innerText()).trim(),
      value: (await options.nth(i).getAttribute('data-option')) ?? (await options.nth(i).getAttribute('data-value')) ?? '',
    });
  }
  const chosen = pick(texts);
  assert(chosen, `no option to pick in ${comboboxSelector} among ${JSON.stringify(texts)}`);
  await options.nth(chosen.index).click();
  await listbox.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  return chosen;
}

/** Waits until the debounced evaluate call has run and the form settled. */
async function settle() {
  await page.waitForTimeout(600);
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT }).catch(() => undefined);
}

/** A plausible value for a field of the exported schema. */
function sampleValue(name, schema, ui) {
  const widget = ui?.['ui:widget'];
  if (widget === 'money' || (schema.type === 'number' && schema.multipleOf === 0.01)) return { kind: 'text', value: '1234.5' };
  if (widget === 'date' || schema.format === 'date') return { kind: 'text', value: '2024-01-05' };
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.enum)) return { kind: 'select' };
  if (schema.type === 'number' || schema.type === 'integer') return { kind: 'text', value: '1' };
  return { kind: 'text', value: `E2E ${name}` };
}

async function fillField(id, schema, ui, name) {
  const sample = sampleValue(name, schema, ui);
  if (sample.kind === 'select') {
    const combo = `#mui-component-select-${id}`;
    const found = (await page.locator(combo).count()) > 0 ? combo : `[id="${id}"] [role="combobox"], [aria-labelledby~="${id}-label"]`;
    await chooseOption(found, (opts) => opts.find((o) => o.text !== ''));
    return;
  }
  const input = page.locator(`#${id}`);
  await input.fill(sample.value);
  await input.blur();
}

// ---------------------------------------------------------------- scenario
let exportEx02;
let savedUrl;
const description = `E2E 出差报销 ${Date.now()}`;

async function main() {
  await step('server starts', async () => {
    server = await startServer();
    baseUrl = server.url;
    console.log(`     server at ${server.url}`);
    if (!process.env.E2E_DEV) {
      const index = await (await fetch(`${server.url}/form`)).text();
      assert(index.includes('id="root"'), `${formworkBin} serves no web app: build it after the web (cd .. && make build)`);
    }
  });

  if (process.env.E2E_DEV) {
    await step('vite dev server starts', async () => {
      viteDev = await startViteDev(server.url);
      baseUrl = viteDev.url;
      console.log(`     dev server at ${baseUrl}`);
    });
  }

  await step('browser starts', async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    page.on('console', (msg) => {
      if (msg.type() !== 'error' && msg.type() !== 'warning') return;
      if (isExpectedNetworkLog(msg)) {
        ignoredNetworkLogs.push(msg.text());
        return;
      }
      consoleProblems.push(`${msg.type()}: ${msg.text()} (${msg.location()?.url ?? ''})`);
    });
    page.on('pageerror', (err) => consoleProblems.push(`pageerror: ${err.message}`));
  });

  await step('new EX02 form opens', async () => {
    const exportAnswer = page.waitForResponse((r) => r.url().includes('/docTypes/EX02/form'));
    await gotoForm('docType=EX02&action=new');
    const body = await (await exportAnswer).json();
    exportEx02 = body.data;
    assert(exportEx02?.schema?.properties?.head, 'export has a head');
    const title = await page.locator('[data-form-title]').innerText();
    assertEqual(title.trim(), '员工报销', 'title');
  });

  await step('sub-type chosen refetches the form', async () => {
    const refetch = page.waitForResponse((r) => r.url().includes('/docTypes/EX02/form') && r.url().includes('subType='));
    const bt1 = await chooseOption('#businessType1', (opts) => opts.find((o) => o.value && !['A05', 'A07'].includes(o.value)));
    console.log(`     businessType1 = ${bt1.value} ${bt1.text}`);
    const answer = await refetch;
    assertEqual(answer.status(), 200, 'export status');
    exportEx02 = (await answer.json()).data;
    if (await page.locator('#businessType2').isEnabled()) {
      const refetch2 = page.waitForResponse((r) => r.url().includes('/docTypes/EX02/form') && r.url().includes('.'));
      const bt2 = await chooseOption('#businessType2', (opts) => opts.find((o) => o.text !== ''));
      console.log(`     businessType2 = ${bt2.value} ${bt2.text}`);
      exportEx02 = (await (await refetch2).json()).data;
    }
    await settle();
  });

  await step('head fields filled', async () => {
    await page.locator('#root_head_description').fill(description);
    await page.locator('#root_head_amount').fill('1234.5');
    await page.locator('#root_head_amount').blur();
    assertEqual(await page.locator('#root_head_amount').inputValue(), '1,234.50', 'amount shown formatted');
    const head = exportEx02.schema.properties.head;
    const headUi = exportEx02.uiSchema.head ?? {};
    const skip = new Set(['description', 'amount', 'businessType1', 'businessType2', 'docType']);
    for (const name of head.required ?? []) {
      if (skip.has(name)) continue;
      const ui = headUi[name] ?? {};
      if (ui['ui:widget'] === 'hidden' || ui['ui:readonly'] || head.properties[name]?.readOnly) continue;
      const id = `root_head_${name}`;
      if ((await page.locator(`[id="${id}"]`).count()) === 0) continue;
      const current = await page.locator(`[id="${id}"]`).first().inputValue().catch(() => '');
      if (current) continue;
      await fillField(id, head.properties[name], ui, name);
    }
    await settle();
  });

  await step('a charge line is added and filled', async () => {
    const table = page.locator('[data-table="lineList"]');
    await table.locator('[data-action="add-row"]').click();
    await page.locator('[data-table="lineList"] tr[data-row="0"]').waitFor();
    const items = exportEx02.schema.properties.lineList.items;
    const itemsUi = exportEx02.uiSchema.lineList?.items ?? {};
    const wanted = new Set([...(items.required ?? []), 'expDate']);
    for (const name of wanted) {
      const prop = items.properties[name];
      const ui = itemsUi[name] ?? {};
      if (!prop || prop.readOnly || ui['ui:widget'] === 'hidden' || ui['ui:readonly']) continue;
      const id = `root_lineList_0_${name}`;
      if ((await page.locator(`[id="${id}"]`).count()) === 0) continue;
      await fillField(id, prop, ui, name);
    }
    await settle();
  });

  await step('save creates the document', async () => {
    const answer = page.waitForResponse((r) => r.url().includes('/head/create'));
    await page.locator('[data-button="save"]').click();
    const res = await answer;
    const body = await res.json();
    assertEqual(res.status(), 200, `create status (${body.message} ${JSON.stringify(body.data?.errors ?? '')})`);
    await page.locator('[data-notice="saved"]').waitFor();
    assert((await page.locator('[data-notice="saved"]').innerText()).includes('保存成功'), 'success notice says 保存成功');
    await page.waitForURL(/businessId=[^&]+/);
    const url = new URL(page.url());
    assertEqual(url.searchParams.get('action'), 'edit', 'action after save');
    assertEqual(url.searchParams.get('businessId'), body.data.head.businessId, 'businessId in URL');
    savedUrl = page.url();
  });

  await step('reloaded document shows the saved values', async () => {
    await page.reload();
    await page.locator('[data-form-title]').waitFor();
    await page.locator('#root_head_description').waitFor();
    await page.waitForFunction(() => document.querySelector('#root_head_amount')?.value === '1,234.50', null, {
      timeout: STEP_TIMEOUT,
    });
    assertEqual(await page.locator('#root_head_description').inputValue(), description, 'description');
    assertEqual(await page.locator('[data-table="lineList"] tr[data-row]').count(), 1, 'charge lines');
    assertEqual(page.url(), savedUrl, 'URL after reload');
    await settle();
  });

  await step('refused save shows the server message at the field and the 提示 notice', async () => {
    expectedFailures.push({ status: 422, path: '/head/update' });
    await page.locator('#root_head_amount').fill('0');
    await page.locator('#root_head_amount').blur();
    await settle();
    const answer = page.waitForResponse((r) => r.url().includes('/head/update'));
    await page.locator('[data-button="save"]').click();
    const res = await answer;
    const body = await res.json();
    assertEqual(res.status(), 422, 'update status');
    const finding = body.data.errors.find((e) => e.path === 'head.amount');
    assert(finding, `a finding at head.amount among ${JSON.stringify(body.data.errors)}`);
    const notice = page.locator('[data-notice="prompt"]');
    await notice.waitFor();
    const noticeText = await notice.innerText();
    assert(noticeText.includes('提示'), `notice titled 提示: ${noticeText}`);
    assert(noticeText.includes(body.message), `notice holds the server message "${body.message}": ${noticeText}`);
    const colour = await notice.locator('[data-notice-message]').evaluate((el) => getComputedStyle(el).color);
    assert(/rgb\((2\d\d|1[5-9]\d), \d{1,2}, \d{1,2}\)/.test(colour), `message in red, got ${colour}`);
    const fieldError = page.locator('#root_head_amount__error');
    await fieldError.waitFor();
    assert((await fieldError.innerText()).includes(finding.message), `field error shows "${finding.message}"`);
  });

  await step('a stale version is refused and the document reloaded', async () => {
    expectedFailures.push({ status: 409, path: '/head/update' });
    const businessId = new URL(page.url()).searchParams.get('businessId');
    const api = `${server.url}/api/galaxyform/yx/ap/head`;
    const stored = (await (await fetch(`${api}/load?businessId=${businessId}`)).json()).data;
    stored.head.description = `${description} (changed elsewhere)`;
    const other = await fetch(`${api}/update?action=edit`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(stored),
    });
    assertEqual(other.status, 200, 'concurrent update status');
    const newVersion = (await other.json()).data.head.version;
    await page.locator('#root_head_amount').fill('1234.5');
    await page.locator('#root_head_amount').blur();
    const answer = page.waitForResponse((r) => r.url().includes('/head/update'));
    await page.locator('[data-button="save"]').click();
    assertEqual((await answer).status(), 409, 'stale update status');
    const dialog = page.locator('[data-dialog="conflict"]');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '重新加载' }).click();
    await page.waitForFunction(
      (text) => document.querySelector('#root_head_description')?.value === text,
      `${description} (changed elsewhere)`,
      { timeout: STEP_TIMEOUT },
    );
    await page.getByText(`版本: ${newVersion}`, { exact: true }).waitFor();
  });

  await step('English switch translates the page', async () => {
    await page.locator('[data-lang="en"]').click();
    await page.waitForFunction(() => document.querySelector('[data-form-title]')?.textContent?.trim() === 'Employee claim', null, {
      timeout: STEP_TIMEOUT,
    });
    assertEqual(await page.locator('[data-button="save"]').innerText(), 'SAVE', 'save button label');
    await page.locator('[data-lang="zh"]').click();
    await page.waitForFunction(() => document.querySelector('[data-form-title]')?.textContent?.trim() === '员工报销');
  });

  await step('unknown docType shows load form failed', async () => {
    expectedFailures.push({ status: 404, path: '/docTypes/NOPE/form' }, { status: 400, path: '/docTypes/NOPE/form' });
    await page.goto(`${baseUrl}/form?docType=NOPE&action=new`);
    await page.locator('[data-error="load-form"]').waitFor();
    assert((await page.locator('[data-error="load-form"]').innerText()).includes('加载表单失败'), 'load form failed text');
  });

  await step(
    'no console errors or warnings',
    async () => {
      assert(page, 'no page ran');
      assert(consoleProblems.length === 0, `console problems:\n${consoleProblems.join('\n')}`);
      if (ignoredNetworkLogs.length > 0) {
        console.log(`     (Chromium logged ${ignoredNetworkLogs.length} expected refusals: ${ignoredNetworkLogs.join(' | ')})`);
      }
    },
    { always: true },
  );
}

try {
  await main();
} finally {
  await browser?.close().catch(() => undefined);
  viteDev?.child.kill('SIGTERM');
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        server.child.kill('SIGKILL');
        r();
      }, 5000);
      server.child.on('exit', () => {
        clearTimeout(t);
        r();
      });
    });
    if (results.failed > 0) console.log(`--- server output ---\n${server.output().slice(-4000)}`);
    rmSync(server.dir, { recursive: true, force: true });
  }
  console.log(`${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
  process.exitCode = results.failed > 0 || results.passed === 0 ? 1 : 0;
}

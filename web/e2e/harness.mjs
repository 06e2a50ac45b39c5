// What the browser tests share: a tiny step runner, the formwork server (and Vite's dev
// server in E2E_DEV mode), Debian's chromium through playwright-core, a page that
// records console errors and warnings, and logging in.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoDir = resolve(webDir, '..');
export const formworkBin = resolve(webDir, process.env.FORMWORK_BIN ?? '../bin/formwork');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifacts = join(webDir, 'e2e', 'artifacts');
export const STEP_TIMEOUT = 20_000;

// ---------------------------------------------------------------- runner
export const results = { passed: 0, failed: 0, skipped: 0 };

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

export function assertEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/**
 * A scenario's steps: after a failure the scenario's remaining steps are skipped,
 * except those marked always (the console check).
 */
export function scenario(name, getPage = () => undefined) {
  let broken = false;
  return {
    name,
    get broken() {
      return broken;
    },
    async step(title, fn, { always = false } = {}) {
      const label = `${name}: ${title}`;
      if (broken && !always) {
        results.skipped++;
        console.log(`- skip ${label}`);
        return;
      }
      const started = Date.now();
      try {
        await fn();
        results.passed++;
        console.log(`ok   ${label} (${Date.now() - started} ms)`);
      } catch (err) {
        results.failed++;
        broken = true;
        console.log(`FAIL ${label}\n     ${String(err?.stack ?? err).split('\n').join('\n     ')}`);
        await screenshot(getPage(), label);
      }
    },
  };
}

async function screenshot(page, name) {
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

/** The last lines: skipped steps, then "N passed, N failed". Sets the exit code. */
export function summary() {
  if (results.skipped > 0) console.log(`${results.skipped} skipped`);
  console.log(`${results.passed} passed, ${results.failed} failed`);
  process.exitCode = results.failed > 0 || results.passed === 0 ? 1 : 0;
}

// ---------------------------------------------------------------- servers
/** A free TCP port on 127.0.0.1 (for a server whose own address must be known beforehand). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/** Starts `formwork serve` on a fresh data directory; resolves with {child, url, dir, output}. */
export function startServer({ env = {}, addr = '127.0.0.1:0' } = {}) {
  return new Promise((resolveStart, rejectStart) => {
    if (!existsSync(formworkBin)) {
      rejectStart(new Error(`no server binary at ${formworkBin} (build it: cd .. && make build, or set FORMWORK_BIN)`));
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'formwork-e2e-'));
    const child = spawn(formworkBin, ['serve', '--http', addr, '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let out = '';
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      child.kill('SIGKILL');
      rejectStart(new Error(`server did not report "listening on" within 30 s; output:\n${out}`));
    }, 30_000);
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^\s"']+)/.exec(out);
      if (m && !settled) {
        settled = true;
        clearTimeout(timer);
        resolveStart({ child, url: m[1].replace(/\/$/, ''), dir, output: () => out });
      }
    });
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

export async function stopServer(server, { showOutput = false } = {}) {
  if (!server) return;
  server.child.kill('SIGTERM');
  await new Promise((r) => {
    if (server.child.exitCode !== null) return r();
    const t = setTimeout(() => {
      server.child.kill('SIGKILL');
      r();
    }, 5000);
    server.child.on('exit', () => {
      clearTimeout(t);
      r();
    });
  });
  if (showOutput) console.log(`--- server output (${server.url}) ---\n${server.output().slice(-4000)}`);
  rmSync(server.dir, { recursive: true, force: true });
}

/** Starts Vite's dev server (on port, or any) against the formwork server; resolves with its URL. */
export function startViteDev(apiUrl, port = 0) {
  return new Promise((resolveStart, rejectStart) => {
    const vite = join(webDir, 'node_modules', '.bin', 'vite');
    const child = spawn(vite, ['--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
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

// ---------------------------------------------------------------- browser
export function launchBrowser() {
  return chromium.launch({
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
}

/**
 * A fresh browser context and page that records console errors and warnings. Chromium
 * logs "Failed to load resource: ... status of N" for every non-2xx fetch; the lines
 * for failures the scenario provokes on purpose are set aside when they match an
 * expected {status, path} (expectFailure).
 */
export async function openPage(browser, label = 'page') {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const consoleProblems = [];
  const ignoredNetworkLogs = [];
  const expectedFailures = [];
  const isExpected = (msg) => {
    const m = /the server responded with a status of (\d{3})/.exec(msg.text());
    if (!m) return false;
    const url = msg.location()?.url ?? '';
    return expectedFailures.some((f) => f.status === Number(m[1]) && url.includes(f.path));
  };
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    if (isExpected(msg)) {
      ignoredNetworkLogs.push(msg.text());
      return;
    }
    consoleProblems.push(`[${label} at ${page.url()}] ${msg.type()}: ${msg.text()} (${msg.location()?.url ?? ''})`);
  });
  page.on('pageerror', (err) => consoleProblems.push(`[${label} at ${page.url()}] pageerror: ${err.message}`));
  return {
    context,
    page,
    /** Declares a refusal the scenario provokes: HTTP status and a part of the URL. */
    expectFailure: (status, path) => expectedFailures.push({ status, path }),
    assertNoConsoleProblems() {
      assert(consoleProblems.length === 0, `console problems:\n${consoleProblems.join('\n')}`);
      if (ignoredNetworkLogs.length > 0) {
        console.log(`     (Chromium logged ${ignoredNetworkLogs.length} expected refusals: ${ignoredNetworkLogs.join(' | ')})`);
      }
    },
  };
}

/** Logs in through the login page and waits for the page it leads to. */
export async function loginThroughPage(page, baseUrl, username, password, { path = '/login' } = {}) {
  if (!new URL(page.url() === 'about:blank' ? baseUrl : page.url()).pathname.startsWith('/login')) {
    await page.goto(`${baseUrl}${path}`);
  }
  await page.locator('#login-username').waitFor();
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('[data-action="login"]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: STEP_TIMEOUT });
}

/** Logs in through the API (node side): the login answer's data. */
export async function loginThroughApi(serverUrl, username, password) {
  const res = await fetch(`${serverUrl}/api/galaxycommon/login/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  assertEqual(body.code, '200', `login of ${username} (${body.message})`);
  return body.data;
}

/**
 * Picks the first option a ref picker offers (it lists the first records when opened
 * empty); returns the key picked.
 */
export async function pickFirstRef(page, inputSelector) {
  const input = page.locator(inputSelector).first();
  await input.click();
  const option = page.locator('[role="listbox"] [role="option"][data-option]').first();
  await option.waitFor({ timeout: STEP_TIMEOUT });
  const key = await option.getAttribute('data-option');
  await option.click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  return key;
}

/** Starts `formwork simulate name` on a free port; resolves {child, url}. */
export function startSimulator(name) {
  return new Promise((resolveStart, rejectStart) => {
    const child = spawn(formworkBin, ['simulate', name, '--http', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => rejectStart(new Error(`simulator ${name} did not start: ${out}`)), 15_000);
    child.stdout.on('data', (chunk) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveStart({ child, url: m[1] });
      }
    });
    child.on('exit', (code) => rejectStart(new Error(`simulator ${name} exited with ${code}: ${out}`)));
  });
}

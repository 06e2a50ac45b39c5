// Browser test of single sign-on against a formwork server configured for a fake CAS
// server (started here): a visitor without a session is sent to the CAS login, comes
// back to /sso with a ticket, is signed in through GET /api/galaxycommon/login/cas and
// lands where they were going; logout ends the CAS session too. Run by e2e/run.mjs.
import { createServer } from 'node:http';
import { assert, assertEqual, freePort, openPage, scenario, startServer, startViteDev, stopServer } from './harness.mjs';

/** A CAS server that signs everyone in as `user`: /cas/login, /cas/serviceValidate, /cas/logout. */
function startFakeCas(user) {
  const tickets = new Map();
  let n = 0;
  const log = [];
  const srv = createServer((req, res) => {
    const url = new URL(req.url, 'http://cas.test');
    log.push(`${req.method} ${url.pathname}`);
    if (url.pathname === '/cas/login') {
      const service = url.searchParams.get('service') ?? '';
      const ticket = `ST-e2e-${++n}`;
      tickets.set(ticket, service);
      res.writeHead(302, { Location: `${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}` });
      res.end();
      return;
    }
    if (url.pathname === '/cas/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      const ok = tickets.get(ticket) === url.searchParams.get('service');
      tickets.delete(ticket);
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(
        ok
          ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
          : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
      );
      return;
    }
    if (url.pathname === '/cas/logout') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><link rel="icon" href="data:,"><title>CAS</title><p id="cas-logged-out">logged out of CAS</p>');
      return;
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((resolveStart) =>
    srv.listen(0, '127.0.0.1', () => resolveStart({ srv, url: `http://127.0.0.1:${srv.address().port}/cas`, log, tickets })),
  );
}

export async function run({ browser }) {
  let page;
  let probe;
  let cas;
  let server;
  let vite;
  let baseUrl;
  const s = scenario('sso', () => page);
  const step = s.step.bind(s);
  try {
    await step('a server configured for single sign-on starts', async () => {
      cas = await startFakeCas('employee01');
      // The portal's own address must be known before it starts: it is the CAS service.
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      const env = { FORMWORK_CAS_URL: cas.url, FORMWORK_CAS_SERVICE: `${baseUrl}/sso` };
      if (process.env.E2E_DEV) {
        server = await startServer({ env });
        vite = await startViteDev(server.url, port);
      } else {
        server = await startServer({ env, addr: `127.0.0.1:${port}` });
      }
      const options = await (await fetch(`${server.url}/api/galaxycommon/login/options`)).json();
      assert(options.data.casLoginUrl.startsWith(`${cas.url}/login`), `login options name the CAS login: ${JSON.stringify(options.data)}`);
    });

    await step('a visitor without a session goes through the CAS login and lands where they were going', async () => {
      probe = await openPage(browser);
      page = probe.page;
      const validated = page.waitForResponse((r) => r.url().includes('/api/galaxycommon/login/cas'));
      await page.goto(`${baseUrl}/Dashboard?from=e2e`);
      const answer = await validated;
      const body = await answer.json();
      assertEqual(body.code, '200', `ticket validated (${body.message})`);
      const sent = new URL(answer.url());
      assert(sent.searchParams.get('ticket')?.startsWith('ST-e2e-'), `ticket sent: ${answer.url()}`);
      assert(sent.searchParams.get('service')?.startsWith(`${baseUrl}/sso?redirect=`), `service sent: ${answer.url()}`);
      await page.waitForURL((u) => u.pathname === '/Dashboard' && u.searchParams.get('from') === 'e2e' && !u.searchParams.has('ticket'));
      await page.locator('[data-welcome]', { hasText: 'E00001' }).waitFor(); // signed in as employee01, once the current user loads
      assert(await page.evaluate(() => localStorage.getItem('token')), 'session token kept');
      assert(cas.log.includes('GET /cas/login') && cas.log.includes('GET /cas/serviceValidate'), `CAS asked: ${cas.log}`);
    });

    await step('logout ends the CAS session too', async () => {
      await page.locator('[data-action="logout"]').click();
      await page.waitForURL((u) => u.href.startsWith(`${cas.url}/logout`));
      await page.locator('#cas-logged-out').waitFor();
    });

    await step('/sso without a ticket starts the single sign-on again', async () => {
      await page.goto(`${baseUrl}/sso`);
      await page.waitForURL((u) => u.pathname === '/Dashboard');
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
    cas?.srv.close();
  }
}

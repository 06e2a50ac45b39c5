import { describe, expect, it } from 'vitest';
import { decide, safeRedirect, ssoAddress, withoutParam, type GuardInput } from './guard';
import { isKnownPath } from '../routes';

const origin = 'https://portal.example.com';
const at = (url: string, more: Partial<GuardInput> = {}): GuardInput => {
  const u = new URL(url, origin);
  return { pathname: u.pathname, search: u.search, origin, loggedIn: false, isKnownPath, ...more };
};
const CAS = 'https://cas.example.com/cas/login?service=https%3A%2F%2Fportal.example.com%2Fsso';

describe('navigation guard', () => {
  it('lets routes without login through: /login, /sso, /404, /403, /mmdl', () => {
    for (const p of ['/login', '/sso', '/404', '/403', '/mmdl']) expect(decide(at(p))).toEqual({ kind: 'allow' });
  });

  it('sends a logged-in person from /login to /', () => {
    expect(decide(at('/login', { loggedIn: true }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(at('/404', { loggedIn: true }))).toEqual({ kind: 'allow' });
  });

  it('sends a visitor without a session to /login, keeping the route as redirect', () => {
    expect(decide(at('/'))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide(at('/form?docType=EX02&action=new'))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fform%3FdocType%3DEX02%26action%3Dnew',
    });
    expect(decide(at('/YG/BE/1732200000000?docType=BE'))).toMatchObject({ kind: 'redirect', to: expect.stringMatching(/^\/login\?redirect=/) });
  });

  it('lets a logged-in person through everywhere else', () => {
    for (const p of ['/', '/Dashboard', '/form?docType=EX02', '/YG/BE/1732200000000', '/no/such/route'])
      expect(decide(at(p, { loggedIn: true }))).toEqual({ kind: 'allow' });
  });

  it('shows unknown routes as not found without asking to log in', () => {
    expect(decide(at('/no/such/route'))).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide(at('/voucherCfg'))).toMatchObject({ kind: 'redirect', to: '/login?redirect=%2FvoucherCfg' });
  });

  it('sends a visitor to single sign-on when the server is configured for it, unless ssoLogin=0', () => {
    const d = decide(at('/Dashboard?x=1', { ssoLoginUrl: CAS }));
    expect(d.kind).toBe('sso');
    const url = new URL((d as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://cas.example.com/cas/login');
    expect(url.searchParams.get('service')).toBe('https://portal.example.com/sso?redirect=%2FDashboard%3Fx%3D1');
    expect(decide(at('/Dashboard?ssoLogin=0', { ssoLoginUrl: CAS }))).toEqual({ kind: 'redirect', to: '/login?redirect=%2FDashboard' });
    expect(decide(at('/login', { ssoLoginUrl: CAS }))).toEqual({ kind: 'allow' });
  });

  it('validates a ticket with the service address it was issued for, byte for byte', () => {
    expect(decide(at('/sso?redirect=%2FDashboard%3Fx%3D1&ticket=ST-1'))).toEqual({
      kind: 'ticket',
      ticket: 'ST-1',
      service: 'https://portal.example.com/sso?redirect=%2FDashboard%3Fx%3D1',
      then: '/Dashboard?x=1',
    });
    expect(decide(at('/sso?ticket=ST-2'))).toEqual({ kind: 'ticket', ticket: 'ST-2', service: 'https://portal.example.com/sso', then: '/' });
    // A ticket on any other route comes back to that route.
    expect(decide(at('/form?docType=EX02&ticket=ST-3', { loggedIn: true }))).toMatchObject({
      kind: 'ticket',
      service: 'https://portal.example.com/form?docType=EX02',
      then: '/form?docType=EX02',
    });
  });

  it('stores tokens handed over with sourceSystem as the matching header, and drops them from the address', () => {
    expect(decide(at('/Dashboard?k2token=K&sourceSystem=K2&flag=1'))).toEqual({
      kind: 'adopt',
      credentials: { k2token: 'K', sourceSystem: 'K2', flag: '1', loginType: 'k2' },
      then: '/Dashboard',
    });
    expect(decide(at('/form?docType=EX02&ssctoken=S&sourceSystem=SSC'))).toEqual({
      kind: 'adopt',
      credentials: { ssctoken: 'S', sourceSystem: 'SSC', loginType: 'ssc' },
      then: '/form?docType=EX02',
    });
    expect(decide(at('/Dashboard?token=T&sourceSystem=OA'))).toMatchObject({ credentials: { token: 'T', loginType: 'token' } });
    // On /mmdl the token is the mobile-login token.
    expect(decide(at('/mmdl?token=M&sourceSystem=MOA&docType=EX02'))).toEqual({
      kind: 'adopt',
      credentials: { mmdlToken: 'M', sourceSystem: 'MOA', loginType: 'mmdl' },
      then: '/mmdl?docType=EX02',
    });
  });

  it('ignores handed-over tokens that name no source system', () => {
    // ... and keeps them out of the redirect.
    expect(decide(at('/Dashboard?k2token=K'))).toEqual({ kind: 'redirect', to: '/login?redirect=%2FDashboard' });
  });
});

describe('guard helpers', () => {
  it('keeps redirects inside the app', () => {
    expect(safeRedirect('/form?docType=EX02')).toBe('/form?docType=EX02');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil', '/login', '/sso?x=1']) expect(safeRedirect(bad)).toBe('/');
  });

  it('adds the target to the single sign-on service only when it has no query of its own', () => {
    expect(ssoAddress(CAS, '/')).toBe(CAS);
    expect(ssoAddress('https://cas.example.com/login?service=https%3A%2F%2Fp%2Fsso%3Fa%3D1', '/x')).toBe(
      'https://cas.example.com/login?service=https%3A%2F%2Fp%2Fsso%3Fa%3D1',
    );
    expect(ssoAddress('not a url', '/x')).toBe('not a url');
  });

  it('removes one parameter and keeps the rest as written', () => {
    expect(withoutParam('?redirect=%2Fa%20b&ticket=ST-1', 'ticket')).toBe('?redirect=%2Fa%20b');
    expect(withoutParam('?ticket=ST-1', 'ticket')).toBe('');
    expect(withoutParam('', 'ticket')).toBe('');
  });
});

// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from './i18n';
import App from './App';
import { SessionProvider } from './auth/session';
import IeNotice from './shell/IeNotice';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Call = { method: string; url: string; body: any; headers: Record<string, string> };
let calls: Call[];
let root: Root;
let container: HTMLDivElement;
let consoleProblems: unknown[][];

const ok = (data: unknown) => ({ status: 200, body: { code: 'S000', message: 'success', data } });
const user = { userId: 'employee01', username: 'employee01', empId: 'E00001', empName: '张三', compId: '1000', companies: [{ key: '1000', value: '集团总部' }] };
const tree = [
  {
    menuCode: 'YG',
    permissionUrl: '/YG',
    titles: { zh: '员工报销', en: 'Employee reimbursement' },
    variant: 'current',
    children: [{ menuCode: 'BE', permissionUrl: '/YG/BE', titles: { zh: '员工费用报销', en: 'Employee expense claim' }, query: { docType: 'BE' }, variant: 'current' }],
  },
];
const menuPermissions = [
  { menuCode: 'YG', permissionUrl: '/YG' },
  { menuCode: 'BE', parentCode: 'YG', permissionUrl: '/YG/BE' },
];

function answer(method: string, url: string, body: any) {
  const path = url.split('?')[0];
  if (path === '/api/galaxycommon/login/options') return ok({ casLoginUrl: '', passwordLogin: true });
  if (path === '/api/galaxycommon/login/auth') {
    return body?.password === 'demo123'
      ? { status: 200, body: { code: '200', message: '登录成功', data: { token: 'TOKEN-1', menuPermissions, user } } }
      : { status: 200, body: { code: '401', message: '用户名或密码错误' } };
  }
  if (path === '/api/galaxycommon/searchhelp/queryPermission') return ok([{ permissionType: 'menu', permissionId: 'BE' }]);
  if (path === '/api/galaxycommon/user/current') return ok(user);
  if (path === '/api/galaxycommon/menu/tree') return ok(tree);
  if (path === '/api/formwork/registry/editions') return ok([{ key: 'form', default: true, companies: [] }, { key: 'travel', companies: ['2000'] }]);
  if (path === '/api/formwork/registry/docTypes')
    return ok([
      { docType: 'EX02', family: 'ap', version: 1, edition: 'form', title: { zh: '员工报销', en: 'Employee claim' } },
      { docType: 'BE', family: 'ap', version: 1, edition: 'form', title: { zh: '员工费用报销', en: 'Employee expense claim' } },
    ]);
  if (path === '/api/galaxyform/cas/logout') return ok({});
  return { status: 404, body: { code: 'ENOTFOUND', message: `no route ${method} ${path}` } };
}

function Location() {
  const l = useLocation();
  return <div data-testid="location">{l.pathname + l.search}</div>;
}

async function render(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <SessionProvider>
            <App />
            <Location />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

async function waitFor<T>(probe: () => T | null | undefined | false, timeout = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - start > timeout) throw new Error(`timed out at ${location()}`);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
  }
}

const location = () => document.querySelector('[data-testid="location"]')?.textContent ?? '';
const $ = (sel: string) => document.querySelector<HTMLElement>(sel);

async function type(sel: string, value: string) {
  const input = $(sel) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.clear();
  calls = [];
  consoleProblems = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void consoleProblems.push(args));
  vi.spyOn(console, 'warn').mockImplementation((...args) => void consoleProblems.push(args));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', url, body, headers: (init.headers ?? {}) as Record<string, string> });
      const a = answer(init.method ?? 'GET', url, body);
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(consoleProblems).toEqual([]);
});

describe('login, menu and logout', () => {
  it('sends a visitor to /login, refuses a wrong password with the server message, and logs in', async () => {
    await render('/Dashboard');
    await waitFor(() => $('#login-username'));
    expect(location()).toBe('/login?redirect=%2FDashboard');

    await type('#login-username', 'employee01');
    await type('#login-password', 'wrong');
    await act(async () => $('[data-action="login"]')!.click());
    const error = await waitFor(() => $('[data-error="login"]'));
    expect(error.textContent).toBe('用户名或密码错误');
    expect(localStorage.getItem('token')).toBeNull();

    await type('#login-password', 'demo123');
    await act(async () => $('[data-action="login"]')!.click());
    await waitFor(() => location() === '/Dashboard' && $('[data-welcome]'));
    expect(calls.find((c) => c.url.startsWith('/api/galaxycommon/login/auth') && c.body.password === 'demo123')?.body).toEqual({
      username: 'employee01',
      password: 'demo123',
    });
    expect(localStorage.getItem('token')).toBe('TOKEN-1');
    expect(JSON.parse(localStorage.getItem('menuPermissions')!)).toEqual(menuPermissions);
    expect(JSON.parse(localStorage.getItem('allPermissions')!)).toEqual([{ permissionType: 'menu', permissionId: 'BE' }]);
    expect(JSON.parse(localStorage.getItem('loginUser')!)).toEqual({ uniquename: 'employee01', employeeId: 'E00001', displayname: '张三', logonId: 'employee01' });
    expect($('[data-welcome]')!.textContent).toBe('欢迎您，E00001 张三');

    // queryPermission and everything after it carry the session token and the company.
    const permission = calls.find((c) => c.url.startsWith('/api/galaxycommon/searchhelp/queryPermission'))!;
    expect(permission.method).toBe('POST');
    expect(permission.headers['X-token']).toBe('TOKEN-1');
    await waitFor(() => $('[data-menu-group="YG"]'));
    expect(calls.find((c) => c.url.startsWith('/api/galaxycommon/menu/tree'))!.headers).toMatchObject({ 'X-token': 'TOKEN-1', 'X-company': '1000' });
    // Shortcuts: the document types of the menu, as the registry of the company's edition names them.
    await waitFor(() => $('[data-shortcut="BE"]'));
    expect($('[data-shortcut="EX02"]')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/formwork/registry/docTypes?edition=form'))).toBe(true);
  });

  it('opens a menu entry with a version stamp, and logs out to /login', async () => {
    localStorage.setItem('token', 'TOKEN-1');
    localStorage.setItem('menuPermissions', JSON.stringify(menuPermissions));
    await render('/');
    await waitFor(() => location() === '/Dashboard' && $('[data-menu-group="YG"] [aria-expanded]'));
    await act(async () => $('[data-menu-group="YG"] [aria-expanded]')!.click());
    const before = Date.now();
    await act(async () => (await waitFor(() => $('[data-menu="BE"]'))).click());
    await waitFor(() => $('[data-page="form-list"]'));
    const m = /^\/YG\/BE\/(\d+)\?docType=BE$/.exec(location());
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(before);
    expect($('[data-page="form-list"][data-doc-type="BE"]')).not.toBeNull();

    await act(async () => $('[data-action="logout"]')!.click());
    await waitFor(() => location() === '/login');
    expect(calls.some((c) => c.url.startsWith('/api/galaxyform/cas/logout') && c.headers['X-token'] === 'TOKEN-1')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('menuPermissions')).toBeNull();
  });

  it('sends /login to / when logged in, and / to /Dashboard', async () => {
    localStorage.setItem('token', 'TOKEN-1');
    await render('/login');
    await waitFor(() => location() === '/Dashboard');
  });

  it('keeps the language choice across a logout', async () => {
    localStorage.setItem('token', 'TOKEN-1');
    localStorage.setItem('formwork.lang', 'th');
    await render('/Dashboard');
    await act(async () => (await waitFor(() => $('[data-action="logout"]'))).click());
    await waitFor(() => location() === '/login');
    expect(localStorage.getItem('formwork.lang')).toBe('th');
  });
});

describe('old Internet Explorer notice', () => {
  it('recommends Chrome to IE 11 only', async () => {
    await act(async () => root.render(<IeNotice userAgent="Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko" />));
    expect($('[data-notice="ie"]')?.textContent).toContain('Chrome');
    await act(async () => root.render(<IeNotice userAgent="Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36" />));
    expect($('[data-notice="ie"]')).toBeNull();
  });
});

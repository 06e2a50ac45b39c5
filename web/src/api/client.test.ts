// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import i18n from '../i18n';
import { apiCall, apiEnvelope, ApiError, isNotLoggedIn, REQUEST_TIMEOUT_MS } from './client';
import { setNotLoggedInEffects } from '../auth/notLoggedIn';

type Answer = { status: number; body: unknown };
let answers: Answer[];
let requests: Array<{ url: string; init: RequestInit }>;
let effects: { notify: Mock<(message: string) => void>; clear: Mock<() => void>; reload: Mock<() => void> };

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.clear();
  answers = [];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      const a = answers.shift() ?? { status: 200, body: { code: 'S000', message: 'success', data: null } };
      return new Response(typeof a.body === 'string' ? a.body : JSON.stringify(a.body), { status: a.status });
    }),
  );
  effects = { notify: vi.fn<(message: string) => void>(), clear: vi.fn<() => void>(), reload: vi.fn<() => void>() };
  setNotLoggedInEffects({ ...effects, delayMs: 1000 });
});

afterEach(() => {
  setNotLoggedInEffects(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const headersOf = (i: number) => requests[i].init.headers as Record<string, string>;

describe('what every call sends', () => {
  it('sends X-token, X-company and the alternate-login tokens held, and the language', async () => {
    localStorage.setItem('token', 'T1');
    localStorage.setItem('company', '1000');
    localStorage.setItem('k2token', 'K2T');
    await apiCall('GET', '/api/x');
    expect(requests[0].url).toBe('/api/x?lang=zh');
    expect(headersOf(0)).toMatchObject({ 'X-token': 'T1', 'X-company': '1000', k2token: 'K2T', 'Accept-Language': 'zh' });
    expect(headersOf(0)).not.toHaveProperty('ssctoken');
    expect(headersOf(0)).not.toHaveProperty('mmdlToken');
  });

  it('sends no identity headers without a session', async () => {
    await apiCall('GET', '/api/x');
    expect(Object.keys(headersOf(0)).filter((h) => /token|company/i.test(h))).toEqual([]);
  });

  it('gives up after 120000 ms', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    const timeouts: number[] = [];
    const expired = new AbortController();
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
      timeouts.push(ms);
      return expired.signal;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')))),
      ),
    );
    const call = apiCall('GET', '/api/slow');
    expired.abort();
    const err = await call.catch((e: unknown) => e);
    expect(timeouts).toEqual([120_000]);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, code: 'ETIMEOUT' });
  });
});

describe('not logged in', () => {
  it('is HTTP 401, or HTTP 500 with code "400"', () => {
    expect(isNotLoggedIn(401, '400')).toBe(true);
    expect(isNotLoggedIn(401, undefined)).toBe(true);
    expect(isNotLoggedIn(500, '400')).toBe(true);
    expect(isNotLoggedIn(500, 'EINTERNAL')).toBe(false);
    expect(isNotLoggedIn(400, '400')).toBe(false);
    expect(isNotLoggedIn(403, 'EFORBIDDEN')).toBe(false);
  });

  it.each([
    ['HTTP 401', { status: 401, body: { code: '400', message: 'not logged in!', data: null } }],
    ['HTTP 500 with code 400', { status: 500, body: { code: '400', message: 'not logged in', data: null } }],
  ])("%s shows 'not logged in!', logs out and reloads once", async (_, answer) => {
    vi.useFakeTimers();
    answers.push(answer, answer);
    const first = await apiCall('GET', '/api/a').catch((e: unknown) => e);
    const second = await apiCall('GET', '/api/b').catch((e: unknown) => e);
    expect(first).toMatchObject({ status: answer.status, code: '400' });
    expect(second).toBeInstanceOf(ApiError);
    expect(effects.notify).toHaveBeenCalledTimes(1);
    expect(effects.notify).toHaveBeenCalledWith('未登录！');
    expect(effects.clear).toHaveBeenCalledTimes(1);
    expect(effects.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(effects.reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(effects.reload).toHaveBeenCalledTimes(1);
  });

  it("says 'not logged in!' in the interface language", async () => {
    await i18n.changeLanguage('en');
    answers.push({ status: 401, body: { code: '400', message: 'not logged in!' } });
    await apiCall('GET', '/api/a').catch(() => undefined);
    expect(effects.notify).toHaveBeenCalledWith('not logged in!');
  });

  it('leaves it to the caller when asked (logout, login)', async () => {
    answers.push({ status: 401, body: { code: '400', message: 'not logged in!' } });
    const err = await apiEnvelope('GET', '/api/galaxyform/cas/logout', undefined, { quietAuth: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401 });
    expect(effects.notify).not.toHaveBeenCalled();
    expect(effects.clear).not.toHaveBeenCalled();
  });
});

describe('other failures', () => {
  it.each([
    [500, { code: 'EINTERNAL', message: 'internal error', data: null }],
    [403, { code: 'EFORBIDDEN', message: 'not yours', data: null }],
    [422, { code: 'ECHECK', message: '保存失败！', data: { errors: [] } }],
    [502, '<html>bad gateway</html>'],
  ])('HTTP %s rejects with its status and does not log out', async (status, body) => {
    answers.push({ status, body });
    const err = await apiCall('GET', '/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(status);
    expect(effects.notify).not.toHaveBeenCalled();
    expect(i18n.t('save.serviceError', { code: status })).toBe(`服务调用异常！错误代码：${status}`);
  });

  it('a 200 answer whose code is not S000 rejects with that code', async () => {
    answers.push({ status: 200, body: { code: '401', message: '用户名或密码错误' } });
    await expect(apiCall('POST', '/api/x', {})).rejects.toMatchObject({ status: 200, code: '401', message: '用户名或密码错误' });
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import i18n from '../i18n';
import { apiCall, apiEnvelope, ApiError, apiRevalidate, apiText, errorText, isNotLoggedIn, REQUEST_TIMEOUT_MS, serviceErrorCodes } from './client';
import { setNotLoggedInEffects } from '../auth/notLoggedIn';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
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
      return new Response(a.status === 304 ? null : typeof a.body === 'string' ? a.body : JSON.stringify(a.body), { status: a.status, headers: a.headers });
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
    expect(err).toMatchObject({ status: 0, code: 'ETIMEOUT', serviceCode: 408, message: '服务调用异常！错误代码：408' });
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

describe('no technical text reaches a person', () => {
  const failWith = (error: unknown) => vi.stubGlobal('fetch', vi.fn(() => Promise.reject(error)));

  it.each(['zh', 'en', 'th'])("a network failure (fetch's TypeError) is the service exception with code 0, in %s", async (lang) => {
    await i18n.changeLanguage(lang);
    failWith(new TypeError('Failed to fetch'));
    const err = (await apiCall('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 0, code: 'ENETWORK', serviceCode: serviceErrorCodes.network, serverMessage: '' });
    expect(err.message).toBe(i18n.t('save.serviceError', { code: 0 }));
    expect(err.message).not.toContain('Failed to fetch');
    expect(errorText(err)).toBe(err.message);
  });

  it('says so in each language', async () => {
    const texts: string[] = [];
    for (const lang of ['zh', 'en', 'th']) {
      await i18n.changeLanguage(lang);
      texts.push(errorText(new ApiError(0, 'ENETWORK', '', null, 0)));
    }
    expect(texts).toEqual(['服务调用异常！错误代码：0', 'service call exception! error code: 0', 'การเรียกบริการผิดพลาด! รหัสข้อผิดพลาด: 0']);
  });

  it('a success status whose body is not JSON is the service exception with code 502', async () => {
    answers.push({ status: 200, body: '<!doctype html><title>proxy</title>' });
    const err = (await apiCall('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ code: 'EBADANSWER', serviceCode: serviceErrorCodes.badAnswer, message: '服务调用异常！错误代码：502' });
  });

  it('a failure status without an envelope shows its status; with one, the server message', async () => {
    answers.push({ status: 504, body: 'Gateway Timeout' }, { status: 500, body: { code: 'EINTERNAL', message: '内部错误，详情见服务器日志', data: null } });
    const bare = (await apiCall('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(bare).toMatchObject({ status: 504, serviceCode: 504, serverMessage: '', message: '服务调用异常！错误代码：504' });
    const told = (await apiCall('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(told).toMatchObject({ status: 500, serviceCode: 500, serverMessage: '内部错误，详情见服务器日志', message: '内部错误，详情见服务器日志' });
  });

  it('the print page fails the same way', async () => {
    failWith(new TypeError('NetworkError when attempting to fetch resource.'));
    await expect(apiText('/api/galaxyform/print/X')).rejects.toMatchObject({ code: 'ENETWORK', message: '服务调用异常！错误代码：0' });
  });

  it('anything that is no ApiError is the service exception too', () => {
    expect(errorText(new TypeError('x is undefined'))).toBe('服务调用异常！错误代码：0');
  });
});

describe('conditional GET (exports)', () => {
  it("sends If-None-Match with the etag held and reads 304 as 'not modified'", async () => {
    answers.push({ status: 304, body: null });
    const r = await apiRevalidate('/api/formwork/registry/docTypes/EX02/form?action=edit', '"e1"');
    expect(r).toEqual({ notModified: true, etag: '"e1"' });
    expect(headersOf(0)).toMatchObject({ 'If-None-Match': '"e1"' });
  });

  it('returns the data and the ETag of a full answer, and asks unconditionally without an etag', async () => {
    answers.push({ status: 200, body: { code: 'S000', message: 'success', data: { docType: 'EX02' } }, headers: { ETag: '"e2"' } });
    const r = await apiRevalidate('/api/formwork/registry/docTypes/EX02/form?action=edit', undefined);
    expect(r).toEqual({ notModified: false, data: { docType: 'EX02' }, etag: '"e2"' });
    expect(headersOf(0)).not.toHaveProperty('If-None-Match');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import i18n from '../i18n';
import { ApiError, dispositionFileName } from '../api/client';
import { downloadExport, fetchPrefill, findingsOf, recordsUrl, typeUrl } from './api';
import { loadName, NAMES_PER_CALL } from './names';
import { pickerQuery, PICKER_PAGE_SIZE } from './queries';

let requests: Array<{ url: string; init: RequestInit }>;
let answer: (url: string) => Response;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requests = [];
  answer = () => new Response(JSON.stringify({ code: 'S000', message: 'success', data: {} }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return answer(url);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('addresses', () => {
  it('escapes keys with "/" and sends only the parameters set', () => {
    expect(typeUrl('travelStandard', 'M1/A')).toBe('/api/formwork/masterdata/travelStandard/records/M1%2FA');
    expect(recordsUrl('vendor', {})).toBe('/api/formwork/masterdata/vendor/records');
    expect(recordsUrl('vendor', { q: 'acme co', company: '1000', active: false, page: 2, pageSize: 20, sort: '-code' })).toBe(
      '/api/formwork/masterdata/vendor/records?q=acme+co&company=1000&active=false&page=2&pageSize=20&sort=-code',
    );
  });

  it('asks the prefill of a document type', async () => {
    answer = () => new Response(JSON.stringify({ code: 'S000', message: 'success', data: { company: '1000', department: 'SAL02', departmentTxt: '销售二部' } }));
    expect(await fetchPrefill('EX02')).toEqual({ company: '1000', department: 'SAL02', departmentTxt: '销售二部' });
    expect(requests[0].url).toBe('/api/formwork/masterdata/prefill?docType=EX02&lang=en');
  });
});

describe('names', () => {
  it('asks the names of one turn in one call per type, at most NAMES_PER_CALL keys each', async () => {
    answer = (url) => {
      const keys = new URL(url, 'http://x').searchParams.get('keys')!.split(',');
      return new Response(JSON.stringify({ code: 'S000', message: 'success', data: Object.fromEntries(keys.filter((k) => k !== 'NOPE').map((k) => [k, `name of ${k}`])) }));
    };
    const many = Array.from({ length: NAMES_PER_CALL + 5 }, (_, i) => `E${i}`);
    const asked = [
      loadName('department', 'IT01', 'en'),
      loadName('department', 'NOPE', 'en'),
      loadName('department', 'IT01', 'en'),
      loadName('company', '1000', 'en'),
      ...many.map((k) => loadName('employee', k, 'en')),
    ];
    const got = await Promise.all(asked);
    expect(got.slice(0, 4)).toEqual(['name of IT01', null, 'name of IT01', 'name of 1000']);
    expect(got.at(-1)).toBe(`name of E${NAMES_PER_CALL + 4}`);
    const calls = requests.map((r) => new URL(r.url, 'http://x'));
    expect(calls.map((u) => `${u.pathname} ${u.searchParams.get('keys')!.split(',').length}`)).toEqual([
      '/api/formwork/masterdata/department/names 2',
      '/api/formwork/masterdata/company/names 1',
      `/api/formwork/masterdata/employee/names ${NAMES_PER_CALL}`,
      '/api/formwork/masterdata/employee/names 5',
    ]);
  });

  it('fails every waiter of a refused call', async () => {
    answer = () => new Response(JSON.stringify({ code: 'EFORBIDDEN', message: 'no', data: null }), { status: 403 });
    await expect(loadName('vendor', 'V1', 'en')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('the picker query', () => {
  it('asks active records, PICKER_PAGE_SIZE at most, and passes the cancel signal on', async () => {
    answer = () => new Response(JSON.stringify({ code: 'S000', message: 'success', data: { total: 0, rows: [] } }));
    const client = new QueryClient();
    const options = pickerQuery('vendor', 'acme', 'en');
    const controller = new AbortController();
    await options.queryFn!({ signal: controller.signal, queryKey: options.queryKey, meta: undefined, client } as never);
    expect(requests[0].url).toBe(`/api/formwork/masterdata/vendor/records?q=acme&active=true&pageSize=${PICKER_PAGE_SIZE}&lang=en`);
    const sent = requests[0].init.signal!;
    expect(sent.aborted).toBe(false);
    controller.abort();
    expect(sent.aborted).toBe(true);
  });
});

describe('refusals and files', () => {
  it('reads the findings of a 422', () => {
    const findings = [{ path: 'accounts[1].cnaps', code: 'format', message: 'bad' }];
    expect(findingsOf(new ApiError(422, 'ECHECK', 'check', { findings }))).toEqual(findings);
    expect(findingsOf(new ApiError(409, 'ECONFLICT', 'stale', null))).toEqual([]);
    expect(findingsOf(new Error('x'))).toEqual([]);
  });

  it('downloads the export with its file name', async () => {
    answer = () =>
      new Response('PK', { status: 200, headers: { 'Content-Disposition': `attachment; filename="vendor.xlsx"; filename*=UTF-8''%E4%BE%9B%E5%BA%94%E5%95%86.xlsx` } });
    const file = await downloadExport('vendor');
    expect(file.fileName).toBe('供应商.xlsx');
    expect(await file.blob.text()).toBe('PK');
    expect(requests[0].url).toBe('/api/formwork/masterdata/vendor/export.xlsx?lang=en');
    expect((requests[0].init.headers as Record<string, string>).Accept).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('refuses an export as any other call', async () => {
    answer = () => new Response(JSON.stringify({ code: 'EFORBIDDEN', message: 'you may not read vendors', data: null }), { status: 403 });
    await expect(downloadExport('vendor')).rejects.toMatchObject({ status: 403, message: 'you may not read vendors' });
  });

  it('reads file names of Content-Disposition', () => {
    expect(dispositionFileName(null)).toBe('');
    expect(dispositionFileName('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(dispositionFileName('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(dispositionFileName("attachment; filename*=UTF-8''%E5%9F%8E%E5%B8%82.xlsx")).toBe('城市.xlsx');
  });
});

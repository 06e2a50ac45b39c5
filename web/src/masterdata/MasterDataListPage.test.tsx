// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import '../i18n';
import i18n from '../i18n';
import { $, click, expectQuiet, mount, ok, refusal, typeInto, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import { answerNames, answerPicker, mdTypes, param, vendor, vendorForm } from '../__fixtures__/masterdata';
import MasterDataRoute from './MasterDataRoute';
import { SEARCH_DEBOUNCE_MS } from './useRecordList';

let m: Mounted | undefined;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
});

const allVendors = Array.from({ length: 25 }, (_, i) => vendor(i + 1));

/** The vendor list answered from allVendors: q over code and name, sort by code, paging. */
function answer(call: Call, types = mdTypes) {
  if (call.path === '/api/formwork/masterdata') return ok(types);
  if (call.path === '/api/formwork/masterdata/vendor/form') return ok(vendorForm);
  if (call.path === '/api/formwork/masterdata/vendor/records') {
    const q = param(call, 'q') ?? '';
    let rows = allVendors.filter((v) => v.key.includes(q) || v.display.includes(q));
    if (param(call, 'sort') === '-code') rows = [...rows].reverse();
    const page = Number(param(call, 'page') ?? 1);
    const size = Number(param(call, 'pageSize') ?? 10);
    return ok({ total: rows.length, rows: rows.slice((page - 1) * size, page * size) });
  }
  return answerNames(call) ?? answerPicker(call);
}

const recordCalls = () => m!.calls.filter((c) => c.path === '/api/formwork/masterdata/vendor/records');
const shownKeys = () => [...document.querySelectorAll('[data-md-table] tbody tr[data-row]')].map((r) => r.getAttribute('data-row'));
const loaded = () => $('[data-md-table][data-loaded="true"]');

async function open(types = mdTypes) {
  m = await mount({ '/masterdata/:type': <MasterDataRoute /> }, '/masterdata/vendor', (call) => answer(call, types));
  await waitFor(() => loaded() && shownKeys().length > 0);
}

describe('MasterDataListPage', () => {
  it('lists the first page with the type columns, names of codes and the company', async () => {
    await open();
    expect(shownKeys()).toEqual(allVendors.slice(0, 10).map((v) => v.key));
    const headers = [...document.querySelectorAll('[data-md-table] thead th')].map((th) => th.getAttribute('data-column'));
    expect(headers).toEqual(['key:code', 'display:name', 'body:kind', 'body:department', 'company', 'active', 'updatedAt', null]);
    const row = $('[data-row="V1001"]')!;
    expect(row.querySelector('[data-cell="body:kind"]')?.textContent).toBe('外部');
    await waitFor(() => row.querySelector('[data-cell="body:department"]')?.textContent === 'IT01 信息技术部');
    await waitFor(() => row.querySelector('[data-cell="company"]')?.textContent === '1000 集团总部');
    // Ten rows, one department and one company: one names call per type.
    const nameCalls = m!.calls.filter((c) => c.path.endsWith('/names'));
    expect(nameCalls.map((c) => `${c.path} ${param(c, 'keys')}`).sort()).toEqual([
      '/api/formwork/masterdata/company/names 1000',
      '/api/formwork/masterdata/department/names IT01',
    ]);
    expect(param(recordCalls()[0], 'page')).toBe('1');
    expect(param(recordCalls()[0], 'pageSize')).toBe('10');
  });

  it('searches on the server once the typing stops, from the first page', async () => {
    await open();
    await click('[data-md-pagination] button[aria-label="下一页"]');
    await waitFor(() => shownKeys()[0] === 'V1011');
    const before = recordCalls().length;
    for (const text of ['V', 'V10', 'V102']) await typeInto('#md-search', text);
    await waitFor(() => shownKeys().join() === 'V1020,V1021,V1022,V1023,V1024,V1025');
    const searches = recordCalls().slice(before);
    expect(searches.map((c) => [param(c, 'q'), param(c, 'page')])).toEqual([['V102', '1']]);
    expect(SEARCH_DEBOUNCE_MS).toBeGreaterThanOrEqual(200);
  });

  it('pages and sorts on the server', async () => {
    await open();
    expect($('[data-md-pagination]')?.textContent).toContain('1–10 条，共 25 条');
    await click('[data-md-pagination] button[aria-label="下一页"]');
    await waitFor(() => shownKeys()[0] === 'V1011');
    expect(param(recordCalls().at(-1)!, 'page')).toBe('2');
    await click('[data-sort="code"]');
    await waitFor(() => param(recordCalls().at(-1)!, 'sort') === 'code' && loaded());
    await click('[data-sort="code"]');
    await waitFor(() => shownKeys()[0] === 'V1025');
    expect(param(recordCalls().at(-1)!, 'sort')).toBe('-code');
    expect(param(recordCalls().at(-1)!, 'page')).toBe('1');
  });

  it('filters by active and offers no change to a reader', async () => {
    await open(mdTypes.map((t) => (t.code === 'vendor' ? { ...t, canWrite: false } : t)));
    expect($('[data-action="md-new"]')).toBeNull();
    expect($('[data-action="md-import"]')).toBeNull();
    expect($('[data-action="md-export"]')).not.toBeNull();
    expect($('[data-row-action="deactivate"]')).toBeNull();
    expect($('[data-row-action="view"]')).not.toBeNull();
    await act(async () => {
      $('#md-active')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await click(await waitFor(() => $('[role="option"][data-value="false"]')));
    await waitFor(() => param(recordCalls().at(-1)!, 'active') === 'false');
  });

  it('downloads the export under the name the server gives', async () => {
    await open();
    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs: these stand in for the browser's for this test only.
    const urls = URL as unknown as Record<string, unknown>;
    Object.assign(urls, { createObjectURL, revokeObjectURL });
    try {
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(`${this.download} ${this.href}`);
      });
      const fetchMock = globalThis.fetch as Mock<(url: string, init?: RequestInit) => Promise<Response>>;
      const answerJson = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (url: string, init?: RequestInit) =>
        url.startsWith('/api/formwork/masterdata/vendor/export.xlsx')
          ? new Response('PK', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="vendor-2024.xlsx"' } })
          : answerJson(url, init),
      );
      await click('[data-action="md-export"]');
      await waitFor(() => saved.length === 1);
      expect(saved).toEqual(['vendor-2024.xlsx blob:export']);
      await waitFor(() => revokeObjectURL.mock.calls.length === 1);
    } finally {
      delete urls.createObjectURL;
      delete urls.revokeObjectURL;
    }
  });

  it('says so when the type does not exist or may not be read', async () => {
    m = await mount({ '/masterdata/:type': <MasterDataRoute /> }, '/masterdata/nope', (call) => answer(call));
    await waitFor(() => $('[data-error="unknown-type"]'));
    expect($('[data-error="unknown-type"]')?.textContent).toContain('nope');
  });
});

/** An XMLHttpRequest that reports half of the upload, then answers status and body. */
function fakeUpload(status: number, body: unknown) {
  const sent: Array<{ url: string; headers: Record<string, string>; body: unknown }> = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    timeout = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(payload: unknown) {
      sent.push({ url: this.url, headers: this.headers, body: payload });
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent), 10);
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 300);
    }
    abort() {}
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

async function chooseFile(name: string) {
  const input = await waitFor(() => $<HTMLInputElement>('[data-import-file]'));
  const file = new File(['PK...'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  return file;
}

describe('MasterDataListPage import', () => {
  it('shows the upload progress, then every bad row with its field; nothing is imported', async () => {
    await open();
    const findings = [
      { row: 3, path: 'name', code: 'required', message: '供应商名称不能为空' },
      { row: 7, path: 'accounts[1].cnaps', code: 'format', message: '联行号应为12位数字' },
    ];
    const sent = fakeUpload(422, { code: 'ECHECK', message: '导入的文件有错误', data: { findings } });
    await click('[data-action="md-import"]');
    const file = await chooseFile('vendors.xlsx');
    await waitFor(() => $('[data-import-progress="50"]'));
    expect(document.body.textContent).toContain('50%');
    await waitFor(() => $('[data-import-findings]'));
    const rows = [...document.querySelectorAll('[data-import-findings] tbody tr')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['3', '供应商名称', '供应商名称不能为空'],
      ['7', '收款账户[1].cnaps', '联行号应为12位数字'],
    ]);
    expect($('[data-error="import-rows"]')?.textContent).toContain('2');
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/api/formwork/masterdata/vendor/import?lang=zh');
    expect(sent[0].body).toBe(file);
    expect(sent[0].headers['Content-Type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('reports the counts of an accepted file and lists again', async () => {
    await open();
    fakeUpload(200, { code: 'S000', message: 'success', data: { created: 4, updated: 2 } });
    const before = recordCalls().length;
    await click('[data-action="md-import"]');
    await chooseFile('vendors.xlsx');
    await waitFor(() => $('[data-import-done]'));
    expect($('[data-import-done]')?.textContent).toContain('4');
    await waitFor(() => recordCalls().length > before);
  });

  it('shows a refusal without findings as its message', async () => {
    await open();
    fakeUpload(400, refusal(400, 'EINVALID', '文件不是xlsx').body);
    await click('[data-action="md-import"]');
    await chooseFile('notes.txt');
    await waitFor(() => $('[data-error="import"]'));
    expect($('[data-error="import"]')?.textContent).toBe('文件不是xlsx');
  });
});

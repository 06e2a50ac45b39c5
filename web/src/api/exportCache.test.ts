// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORED_EXPORTS, STORED_EXPORTS_KEY, cachedExport, clearExportCache, fetchExport } from './exportCache';

const exportOf = (n: number) => ({ docType: 'EX02', version: n, schema: { type: 'object', title: `v${n}` }, uiSchema: {} });
let asked: string[];

beforeEach(() => {
  localStorage.clear();
  clearExportCache();
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const n = Number(new URL(url, 'http://x').searchParams.get('version'));
      return new Response(JSON.stringify({ code: 'S000', message: 'success', data: exportOf(n) }), { status: 200, headers: { ETag: `"e${n}"` } });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

/** What a new page finds: this page's memory gone, local storage kept. */
async function freshPage() {
  vi.resetModules();
  return import('./exportCache');
}

describe('exports kept in local storage', () => {
  it('an export fetched in one page is found by its ETag in the next, without a request', async () => {
    expect(await fetchExport('/api/formwork/registry/docTypes/EX02/form?version=2', 'zh')).toEqual(exportOf(2));
    const next = await freshPage();
    expect(next.cachedExport('zh', '"e2"')).toEqual(exportOf(2));
    // another language is another text
    expect(next.cachedExport('en', '"e2"')).toBeUndefined();
    expect(asked).toHaveLength(1);
  });

  it(`keeps the last ${STORED_EXPORTS}, the oldest going first`, async () => {
    for (let n = 1; n <= STORED_EXPORTS + 2; n++) await fetchExport(`/form?version=${n}`, 'zh');
    const next = await freshPage();
    expect(next.cachedExport('zh', '"e1"')).toBeUndefined();
    expect(next.cachedExport('zh', '"e2"')).toBeUndefined();
    expect(next.cachedExport('zh', '"e3"')).toEqual(exportOf(3));
    expect(next.cachedExport('zh', `"e${STORED_EXPORTS + 2}"`)).toEqual(exportOf(STORED_EXPORTS + 2));
    expect(JSON.parse(localStorage.getItem(STORED_EXPORTS_KEY) ?? '[]')).toHaveLength(STORED_EXPORTS);
  });

  it('forgets a stored export it cannot read, and asks for it again', async () => {
    await fetchExport('/form?version=2', 'zh');
    localStorage.setItem('formwork.export zh "e2"', '{"cut sh');
    const next = await freshPage();
    expect(next.cachedExport('zh', '"e2"')).toBeUndefined();
    expect(localStorage.getItem('formwork.export zh "e2"')).toBeNull();
    expect(await next.fetchExport('/form?version=2', 'zh')).toEqual(exportOf(2));
    expect(asked).toHaveLength(2);
  });

  it('makes room when local storage is full: older exports go, the new one is kept', async () => {
    await fetchExport('/form?version=1', 'zh');
    await fetchExport('/form?version=2', 'zh');
    const setItem = Storage.prototype.setItem;
    // room for one export only
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      const exports = Object.keys(this).filter((k) => k.startsWith('formwork.export ') && k !== key);
      if (key.startsWith('formwork.export ') && exports.length >= 1) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    try {
      await fetchExport('/form?version=3', 'zh');
    } finally {
      spy.mockRestore();
    }
    const next = await freshPage();
    expect(next.cachedExport('zh', '"e3"')).toEqual(exportOf(3));
    expect(next.cachedExport('zh', '"e1"')).toBeUndefined();
    expect(next.cachedExport('zh', '"e2"')).toBeUndefined();
    expect(JSON.parse(localStorage.getItem(STORED_EXPORTS_KEY) ?? '[]')).toEqual(['zh "e3"']);
  });

  it('clearExportCache forgets those in local storage too', async () => {
    await fetchExport('/form?version=2', 'zh');
    clearExportCache();
    expect(cachedExport('zh', '"e2"')).toBeUndefined();
    expect(Object.keys(localStorage)).toEqual([]);
  });
});

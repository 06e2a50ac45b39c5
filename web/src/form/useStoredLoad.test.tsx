// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '../i18n';
import { clearExportCache } from '../api/exportCache';
import { rememberFamily, startEarlyLoad, takeEarlyLoad } from './earlyLoad';
import { useStoredLoad, type StoredLoadInput } from './useStoredLoad';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Loads(props: StoredLoadInput) {
  useStoredLoad(props);
  return null;
}

const stored = {
  code: 'S000',
  message: 'success',
  data: { head: { docType: 'EX02', businessId: 'B1', businessType1: 'A04' } },
  form: { action: 'edit', states: {}, schema: { docType: 'EX02', family: 'ap', edition: 'form', version: 2, subType: 'A04', etag: '"e2"' }, process: { status: 'draft', processId: '', actions: [] } },
};
let asked: string[];
let answerRegistry: () => void;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.clear();
  clearExportCache();
  asked = [];
  const registryAnswered = new Promise<void>((resolve) => (answerRegistry = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace(/[?&]lang=zh/, '');
      asked.push(path);
      const ok = (data: unknown) => new Response(JSON.stringify({ code: 'S000', message: 'success', data }), { status: 200 });
      if (path.startsWith('/api/galaxyform/yx/ap/head/load')) return new Response(JSON.stringify(stored), { status: 200 });
      // the registry list answers only when the test says so
      if (path.startsWith('/api/formwork/registry/docTypes?')) return registryAnswered.then(() => ok([{ docType: 'EX02', family: 'ap' }]));
      return new Response(JSON.stringify({ code: 'E404', message: 'no' }), { status: 404 });
    }),
  );
});

afterEach(() => {
  takeEarlyLoad('B1', 'edit');
  vi.unstubAllGlobals();
});

describe('useStoredLoad', () => {
  it('takes the early answer and does not ask again when the registry list answers after it', async () => {
    localStorage.setItem('token', 'T1');
    rememberFamily('EX02', 'ap');
    const client = new QueryClient();
    expect(startEarlyLoad(client, { pathname: '/form', search: '?docType=EX02&businessId=B1' }, 'zh')).toBe(true);
    const apply = vi.fn();
    const editions = { edition: 'form', ready: true, editionFor: () => 'form', company: '' };
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <Loads docType="EX02" businessId="B1" action="edit" lang="zh" editions={editions} knownFamily="" showsIt={false} apply={apply} />
        </QueryClientProvider>,
      ),
    );
    await vi.waitFor(() => expect(apply).toHaveBeenCalledTimes(1));
    await act(async () => answerRegistry());
    await vi.waitFor(() => expect(asked.some((a) => a.startsWith('/api/formwork/registry/docTypes?edition=form'))).toBe(true));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(asked.filter((a) => a.includes('/head/load'))).toEqual(['/api/galaxyform/yx/ap/head/load?businessId=B1&action=edit']);
    expect(apply).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
  });
});

// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import FormPage from './FormPage';
import { ex02Export } from '../__fixtures__/ex02Export';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
type Call = { method: string; url: string; body: unknown };

let root: Root;
let container: HTMLDivElement;
let calls: Call[];
let saveAnswers: Answer[];
let consoleProblems: unknown[][];

const ok = (data: unknown): Answer => ({ status: 200, body: { code: 'S000', message: 'success', data } });
/** A save's answer: the stored document and its form (docs/api.md). */
const saved = (data: unknown): Answer => ({
  status: 200,
  body: {
    code: 'S000',
    message: 'success',
    data,
    form: {
      action: 'new',
      states: {},
      check: { docType: 'EX02', schemaVersion: 1, valid: true, errors: [] },
      process: { status: 'draft', processId: '', actions: ['save', 'tempSave', 'submit', 'void', 'print'] },
      schema: { edition: 'form', docType: 'EX02', family: 'ap', version: 1, subType: '', etag: '"e1"' },
    },
  },
});
const check = (errors: unknown[]) => ({ docType: 'EX02', schemaVersion: 1, valid: false, errors });

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  calls = [];
  saveAnswers = [];
  consoleProblems = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void consoleProblems.push(args));
  vi.spyOn(console, 'warn').mockImplementation((...args) => void consoleProblems.push(args));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url: input, body });
      let answer: Answer;
      // The export of a new EX02 carries the ETag the create answer names (docs/api.md).
      if (input.includes('/registry/docTypes/EX02/form')) answer = { ...ok(ex02Export), headers: { ETag: '"e1"' } };
      else if (input.includes('/evaluate')) answer = ok({ check: check([]), fields: {}, values: { 'head.exchangeRate': 1 } });
      else if (input.includes('/head/create') || input.includes('/head/update')) answer = saveAnswers.shift() ?? saved(body);
      else answer = { status: 404, body: { code: 'ENOTFOUND', message: 'no route', data: null } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json', ...answer.headers } });
    }),
  );
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/form?docType=EX02&action=new']}>
          <Routes>
            <Route path="/form" element={<FormPage />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await waitFor(() => document.querySelector('[data-button="save"]'));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(consoleProblems).toEqual([]);
});

async function waitFor<T>(probe: () => T | null | undefined | false, timeout = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - start > timeout) throw new Error('timed out waiting');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
  }
}

async function click(selector: string | HTMLElement) {
  const el = typeof selector === 'string' ? await waitFor(() => document.querySelector<HTMLElement>(selector)) : selector;
  await act(async () => el.click());
}

function buttonByText(text: string): HTMLButtonElement | undefined {
  return [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === text);
}

const saves = () => calls.filter((c) => c.url.includes('/head/create') || c.url.includes('/head/update'));

describe('FormPage', () => {
  it('shows the export: title, no toolbar button that does nothing, sub-type selects', async () => {
    expect(document.querySelector('[data-form-title]')?.textContent).toBe('员工报销');
    // the export's image buttons open the attachments (files/); invoice detail is not a button here
    expect(document.querySelector('[data-button="imageView"]')).not.toBeNull();
    expect(document.querySelector('[data-button="imageUpload"]')).not.toBeNull();
    expect(document.querySelector('[data-button="invoiceDetail"]')).toBeNull();
    expect(document.querySelector('#businessType1')).not.toBeNull();
    expect(calls.some((c) => c.url.includes('lang=zh'))).toBe(true);
  });

  it('evaluates the opened form and merges the values it returns', async () => {
    await waitFor(() => calls.some((c) => c.url.includes('/evaluate?action=new')));
    await click('[data-button="save"]');
    await waitFor(() => saves().length === 1);
    expect(saves()[0].body).toMatchObject({ head: { docType: 'EX02', exchangeRate: 1 } });
  });

  it('asks to confirm weak-control findings and resends with their rule ids', async () => {
    const confirmFinding = { path: 'head.amount', rule: 'ex.over-limit', severity: 'confirm', message: '金额超标，是否继续？' };
    saveAnswers.push({ status: 422, body: { code: 'ECONFIRM', message: '保存失败！金额超标', data: check([confirmFinding]) } });
    saveAnswers.push(saved({ head: { businessId: 'EX02X1', docType: 'EX02', version: 1 } }));
    await click('[data-button="save"]');
    await waitFor(() => document.querySelector('[data-dialog="confirm"]'));
    expect(document.querySelector('[data-dialog="confirm"]')?.textContent).toContain('金额超标，是否继续？');
    expect(document.querySelector('[data-dialog="confirm"]')?.textContent).toContain('提示');
    await click(buttonByText('确认')!);
    await waitFor(() => saves().length === 2);
    expect(saves()[0].url).toMatch(/^\/api\/galaxyform\/yx\/ap\/head\/create\?action=new&lang=zh$/);
    expect(saves()[1].url).toContain('confirm=ex.over-limit');
    await waitFor(() => document.querySelector('[data-notice="saved"]'));
    expect(document.querySelector('[data-testid="location"]')?.textContent).toBe('/form?docType=EX02&businessId=EX02X1&action=edit');
    expect(document.querySelector('[data-business-id]')?.getAttribute('data-business-id')).toBe('EX02X1');
    // Stored now: the answer's actions for a draft replace the new document's save / temporary save,
    // with nothing asked after it (no history, no load, no evaluate).
    await waitFor(() => document.querySelector('[data-button="submit"]'));
    await act(async () => void (await new Promise((r) => setTimeout(r, 500))));
    const after = calls.slice(calls.indexOf(saves()[1]) + 1);
    expect(after.map((c) => c.url.split('?')[0])).toEqual([]);
  });

  it('does nothing more when the confirm question is cancelled', async () => {
    const confirmFinding = { path: '', rule: 'ex.name', severity: 'confirm', message: '户名不一致' };
    saveAnswers.push({ status: 422, body: { code: 'ECONFIRM', message: '保存失败！', data: check([confirmFinding]) } });
    await click('[data-button="save"]');
    await waitFor(() => document.querySelector('[data-dialog="confirm"]'));
    await click(buttonByText('取消')!);
    await new Promise((r) => setTimeout(r, 100));
    expect(saves()).toHaveLength(1);
  });

  it('shows check findings at their fields and in the 提示 notice', async () => {
    const finding = { path: 'head.amount', rule: 'ex.amount-positive', severity: 'error', message: '请填写费用或金额' };
    saveAnswers.push({ status: 422, body: { code: 'ECHECK', message: '保存失败！请填写费用或金额', data: check([finding]) } });
    await click('[data-button="save"]');
    const notice = await waitFor(() => document.querySelector('[data-notice="prompt"]'));
    expect(notice.textContent).toContain('提示');
    expect(notice.textContent).toContain('保存失败！请填写费用或金额');
    expect(document.querySelector('#root_head_amount__error')?.textContent).toContain('请填写费用或金额');
  });

  it('offers a reload on a stale version', async () => {
    saveAnswers.push({ status: 409, body: { code: 'ECONFLICT', message: 'stale', data: null } });
    await click('[data-button="save"]');
    const dialog = await waitFor(() => document.querySelector('[data-dialog="conflict"]'));
    expect(dialog.textContent).toContain('重新加载');
  });

  it('reports other failures with their status code', async () => {
    saveAnswers.push({ status: 500, body: { code: 'EINTERNAL', message: 'internal error', data: null } });
    await click('[data-button="save"]');
    const notice = await waitFor(() => document.querySelector('[data-notice="prompt"]'));
    expect(notice.textContent).toContain('服务调用异常！错误代码：500');
  });

  it.each([
    ['the network fails', new TypeError('Failed to fetch'), '服务调用异常！错误代码：0'],
    ['an answer is no JSON', { status: 200, text: '<html>proxy</html>' }, '服务调用异常！错误代码：502'],
    ['a proxy answers 504 with a page', { status: 504, text: 'Gateway Time-out' }, '服务调用异常！错误代码：504'],
  ])('reports a save when %s as the service exception only, no technical text', async (_, failure, text) => {
    const fetchMock = vi.mocked(fetch);
    const answerAs = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).includes('/head/create')) return answerAs(input, init);
      if (failure instanceof Error) throw failure;
      return new Response(failure.text, { status: failure.status });
    });
    await click('[data-button="save"]');
    const notice = await waitFor(() => document.querySelector('[data-notice="prompt"]'));
    expect(notice.textContent).toContain(text);
    expect(notice.textContent).not.toMatch(/fetch|proxy|Gateway|html/i);
  });
});

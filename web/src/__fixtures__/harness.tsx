// A page under test without the server: a router at one address, a fresh query
// client, and fetch answered by a function of (method, url, body). Console errors and
// warnings are collected; the test fails on any at the end (see expectQuiet).
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, vi } from 'vitest';
import { clearExportCache } from '../api/exportCache';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Answer = { status: number; body: unknown; html?: string; headers?: Record<string, string> };
export type Call = { method: string; url: string; path: string; body: any; headers: Record<string, string> };
export type Responder = (call: Call) => Answer | undefined;

export const ok = (data: unknown): Answer => ({ status: 200, body: { code: 'S000', message: 'success', data } });
/** A save's or a load's answer: the stored document and its form. */
export const okForm = (data: unknown, form: unknown): Answer => ({ status: 200, body: { code: 'S000', message: 'success', data, form } });
export const refusal = (status: number, code: string, message: string, data: unknown = null): Answer => ({ status, body: { code, message, data } });

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export interface Mounted {
  calls: Call[];
  consoleProblems: unknown[][];
  unmount: () => void;
}

/**
 * Renders routes ({path: element}) at entry, answering fetch with respond (else 404).
 * The exports held by etag are forgotten first, unless keepExports (a page opened again).
 */
export async function mount(routes: Record<string, ReactElement>, entry: string, respond: Responder, { keepExports = false } = {}): Promise<Mounted> {
  const calls: Call[] = [];
  const consoleProblems: unknown[][] = [];
  if (!keepExports) clearExportCache();
  vi.spyOn(console, 'error').mockImplementation((...args) => void consoleProblems.push(args));
  vi.spyOn(console, 'warn').mockImplementation((...args) => void consoleProblems.push(args));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const call: Call = { method, url: input, path: input.split('?')[0], body, headers: (init?.headers ?? {}) as Record<string, string> };
      calls.push(call);
      const answer = respond(call) ?? refusal(404, 'ENOTFOUND', `no route ${method} ${call.path}`);
      if (answer.html !== undefined) return new Response(answer.html, { status: answer.status, headers: { 'Content-Type': 'text/html' } });
      if (answer.status === 304) return new Response(null, { status: 304, headers: answer.headers });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json', ...answer.headers } });
    }),
  );
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            {Object.entries(routes).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Routes>
          <Location />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  return {
    calls,
    consoleProblems,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    },
  };
}

/** Unmounts and fails on any console error or warning the page logged. */
export function expectQuiet(m: Mounted | undefined) {
  if (!m) return;
  m.unmount();
  expect(m.consoleProblems).toEqual([]);
}

export async function waitFor<T>(probe: () => T | null | undefined | false, timeout = 10_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${probe.toString()}`);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
  }
}

export const $ = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E & HTMLElement>(selector);

export async function click(target: string | HTMLElement) {
  const el = typeof target === 'string' ? await waitFor(() => $(target)) : target;
  await act(async () => el.click());
}

export function buttonByText(text: string, within: ParentNode = document): HTMLButtonElement | undefined {
  return [...within.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === text);
}

/** Types into a React-controlled input or textarea. */
export async function typeInto(target: string | HTMLInputElement | HTMLTextAreaElement, value: string) {
  const el = typeof target === 'string' ? await waitFor(() => $<HTMLInputElement>(target)) : target;
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

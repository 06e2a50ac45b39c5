// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import '../i18n';
import DocumentForm from './DocumentForm';
import { formView } from './formView';
import { findingsToExtraErrors } from './extraErrors';
import { ex02Export } from '../__fixtures__/ex02Export';
import { CELL_COMMIT_MS } from '../fields/lineTable/LineCell';
import type { FormDocument } from '../api/types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let consoleProblems: unknown[][];

beforeEach(() => {
  consoleProblems = [];
  vi.spyOn(console, 'error').mockImplementation((...args) => void consoleProblems.push(args));
  vi.spyOn(console, 'warn').mockImplementation((...args) => void consoleProblems.push(args));
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

function render(formData: FormDocument, extraErrors = {}, fields = {}) {
  const view = formView(ex02Export, fields);
  const onChange = vi.fn();
  act(() =>
    root.render(
      <DocumentForm
        schema={view.schema as RJSFSchema}
        uiSchema={view.uiSchema as UiSchema}
        formData={formData}
        extraErrors={extraErrors}
        onChange={onChange}
      />,
    ),
  );
  return onChange;
}

const doc: FormDocument = {
  head: { docType: 'EX02', description: '出差北京', amount: 1234.5, currency: 'CNY' },
  lineList: [
    { status: 'success', costType: 'C01', expDate: '2024-01-05', advApplyAmount: 100 },
    { status: 'error', costType: 'C02', flag: 'D' },
  ],
};

describe('DocumentForm', () => {
  it('renders head fields, money formatted and the line table with statuses', () => {
    render(doc);
    const amount = container.querySelector<HTMLInputElement>('#root_head_amount');
    expect(amount?.value).toBe('1,234.50');
    expect(container.querySelector<HTMLTextAreaElement>('#root_head_description')?.value).toBe('出差北京');
    const rows = container.querySelectorAll('[data-table="lineList"] tbody tr[data-row]');
    expect(rows).toHaveLength(2);
    expect(rows[0].getAttribute('data-status')).toBe('success');
    expect(container.querySelector<HTMLInputElement>('#root_lineList_0_advApplyAmount')?.value).toBe('100.00');
    expect(getComputedStyle(rows[1]).textDecoration).toContain('line-through');
    expect(getComputedStyle(rows[0]).textDecoration).not.toContain('line-through');
    expect(consoleProblems).toEqual([]);
  });

  it('renders amounts without asking the browser for its number format (rjsf NumberField is bypassed for money)', () => {
    const money = { 'ui:widget': 'money' };
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        head: { type: 'object', properties: { amount: { type: 'number', title: '金额' }, paid: { type: 'number', title: '已付' } } },
        lineList: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number', title: '金额' } } } },
      },
    };
    const uiSchema: UiSchema = { head: { amount: money, paid: money }, lineList: { 'ui:field': 'lineTable', items: { amount: money } } };
    const formats = vi.spyOn(Intl, 'NumberFormat');
    act(() =>
      root.render(
        <DocumentForm schema={schema} uiSchema={uiSchema} formData={{ head: { docType: 'EX02', amount: 1234.5, paid: 0 }, lineList: [{ amount: 12 }, { amount: 7.5 }] }} extraErrors={{}} onChange={() => undefined} />,
      ),
    );
    expect(container.querySelector<HTMLInputElement>('#root_head_amount')?.value).toBe('1,234.50');
    expect(container.querySelector<HTMLInputElement>('#root_lineList_1_amount')?.value).toBe('7.50');
    expect(formats).not.toHaveBeenCalled();
    expect(consoleProblems).toEqual([]);
  });

  it('shows server errors at head fields and table cells', () => {
    const extra = findingsToExtraErrors([
      { path: 'head.amount', rule: 'ex.amount', severity: 'error', message: '请填写费用或金额' },
      { path: 'lineList[1].costType', rule: 'required', severity: 'error', message: '第2行，费用类型为空' },
    ]);
    render(doc, extra);
    expect(container.textContent).toContain('请填写费用或金额');
    expect(container.querySelector('[data-row="1"] [data-cell="costType"]')?.textContent).toContain('第2行，费用类型为空');
    expect(consoleProblems).toEqual([]);
  });

  it('hides fields the evaluate call hides', () => {
    render(doc, {}, { 'head.reason': { visible: false } });
    const reason = container.querySelector<HTMLInputElement>('#root_head_reason');
    expect(reason?.type).toBe('hidden');
    expect(consoleProblems).toEqual([]);
  });

  it('keeps a cell change in the cell until typing pauses, then hands the form the rows with only that one changed', async () => {
    const onChange = render(doc);
    const input = container.querySelector<HTMLInputElement>('#root_lineList_0_advApplyAmount')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => input.focus());
    const before = onChange.mock.calls.length;
    act(() => {
      setValue.call(input, '250');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(input.value).toBe('250');
    expect(onChange.mock.calls.length).toBe(before);
    await act(async () => {
      await new Promise((r) => setTimeout(r, CELL_COMMIT_MS + 100));
    });
    expect(onChange.mock.calls.length).toBeGreaterThan(before);
    const sent = onChange.mock.calls.at(-1)![0] as FormDocument;
    const lines = sent.lineList as Array<Record<string, unknown>>;
    expect(lines[0]).toEqual({ ...(doc.lineList as Array<Record<string, unknown>>)[0], advApplyAmount: 250 });
    expect(lines[1]).toEqual((doc.lineList as Array<Record<string, unknown>>)[1]);
    expect(sent.head).toEqual(doc.head);
    expect(consoleProblems).toEqual([]);
  });
});

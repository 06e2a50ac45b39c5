// @vitest-environment jsdom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import i18n from '../../i18n';
import DocumentForm from '../../form/DocumentForm';
import type { FormDocument } from '../../api/types';
import { $, expectQuiet, mount, typeInto, waitFor, type Call, type Mounted } from '../../__fixtures__/harness';
import { answerNames, answerPicker, param } from '../../__fixtures__/masterdata';
import { PICKER_PAGE_SIZE } from '../../masterdata/queries';
import { PICKER_DEBOUNCE_MS } from './RefPicker';

let m: Mounted | undefined;
let changes: FormDocument[];

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  changes = [];
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
});

const ref = (type: string): UiSchema => ({ 'ui:widget': 'ref', 'ui:options': { ref: type } });

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    head: {
      type: 'object',
      title: '基本信息',
      properties: {
        department: { type: 'string', title: '部门' },
        costDept: { type: 'string', title: '成本部门' },
        bgtDept: { type: 'string', title: '预算部门' },
        company: { type: 'string', title: '公司' },
      },
    },
    lineList: {
      type: 'array',
      title: '费用明细',
      items: { type: 'object', properties: { department: { type: 'string', title: '部门' }, amount: { type: 'number', title: '金额' } } },
    },
  },
};

const uiSchema: UiSchema = {
  head: { department: ref('department'), costDept: ref('department'), bgtDept: ref('department'), company: ref('company') },
  lineList: { 'ui:field': 'lineTable', items: { department: ref('department'), amount: { 'ui:widget': 'money' } } },
};

function Form({ initial, readonly }: { initial: FormDocument; readonly?: boolean }) {
  const [doc, setDoc] = useState(initial);
  return (
    <DocumentForm
      schema={schema}
      uiSchema={uiSchema}
      formData={doc}
      extraErrors={{}}
      readonly={readonly}
      onChange={(next) => {
        changes.push(next);
        setDoc(next);
      }}
    />
  );
}

const pickerCalls = () => m!.calls.filter((c) => c.path === '/api/formwork/masterdata/department/records');
const nameCalls = () => m!.calls.filter((c) => c.path.endsWith('/names'));
const options = () => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent);
const answer = (call: Call) => answerNames(call) ?? answerPicker(call);

/** Focuses the picker's plain box and answers the search box that takes its place (and the focus). */
async function searchBox(selector: string): Promise<HTMLInputElement> {
  const plain = await waitFor(() => $<HTMLInputElement>(selector));
  await act(async () => plain.focus());
  return waitFor(() => {
    const el = $<HTMLInputElement>(selector);
    return el !== plain && el?.classList.contains('MuiAutocomplete-input') ? el : null;
  });
}

async function key(input: HTMLElement, k: string) {
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });
}

describe('the ref picker', () => {
  it('is a plain box with the name beside the code until focused, then the search box, focused', async () => {
    m = await mount({ '/': <Form initial={{ head: { docType: 'EX02', department: 'SAL02' } }} /> }, '/', answer);
    const plain = await waitFor(() => $<HTMLInputElement>('#root_head_department'));
    await waitFor(() => $('[data-ref-name="SAL02"]')?.textContent === '销售二部');
    expect(plain.value).toBe('SAL02');
    expect(plain.getAttribute('data-ref')).toBe('department');
    expect($('.MuiAutocomplete-root')).toBeNull();
    const input = await searchBox('#root_head_department');
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('SAL02');
    expect(pickerCalls()).toEqual([]);
  });

  it('opens its list on a click, as the search box does', async () => {
    m = await mount({ '/': <Form initial={{ head: { docType: 'EX02' } }} /> }, '/', answer);
    const plain = await waitFor(() => $<HTMLInputElement>('#root_head_department'));
    await act(async () => {
      plain.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    });
    await waitFor(() => options().length === 3);
    expect(pickerCalls()).toHaveLength(1); // the first records: no text yet
  });

  it('searches the server as the person types (once typing pauses) and offers "code name"', async () => {
    m = await mount({ '/': <Form initial={{ head: { docType: 'EX02' } }} /> }, '/', answer);
    const input = await searchBox('#root_head_department');
    // Keystrokes closer together than the pause the picker waits for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const text of ['信', '信息', '信息技术']) {
        await typeInto(input, text);
        act(() => vi.advanceTimersByTime(PICKER_DEBOUNCE_MS - 50));
      }
      expect(pickerCalls()).toEqual([]);
      act(() => vi.advanceTimersByTime(50));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => options().length === 1);
    expect(options()).toEqual(['IT01 信息技术部']);
    const calls = pickerCalls();
    expect(calls.map((c) => param(c, 'q'))).toEqual(['信息技术']);
    expect(param(calls[0], 'pageSize')).toBe(String(PICKER_PAGE_SIZE));
    expect(param(calls[0], 'active')).toBe('true');
  });

  it('is worked by keyboard: arrows move, Enter stores the key, the name shows beside it', async () => {
    m = await mount({ '/': <Form initial={{ head: { docType: 'EX02' } }} /> }, '/', answer);
    const input = await searchBox('#root_head_department');
    await typeInto(input, '0');
    await waitFor(() => options().length === 3);
    expect(options()).toEqual(['IT01 信息技术部', 'SAL02 销售二部', 'FIN01 财务共享中心']);
    await key(input, 'ArrowDown');
    await key(input, 'Enter');
    await waitFor(() => changes.at(-1)?.head?.department === 'SAL02');
    expect(input.value).toBe('SAL02');
    await waitFor(() => $('[data-ref-name="SAL02"]')?.textContent === '销售二部');
    // The picked option's name was known: no names call.
    expect(nameCalls()).toEqual([]);
    await typeInto(input, 'F');
    await waitFor(() => options().length > 0);
    await key(input, 'Escape');
    await waitFor(() => options().length === 0);
    expect(changes.at(-1)?.head?.department).toBe('SAL02');
  });

  it('works inside a line table cell', async () => {
    m = await mount({ '/': <Form initial={{ head: { docType: 'EX02' }, lineList: [{ amount: 1 }] }} /> }, '/', answer);
    const cell = await searchBox('[data-row="0"] [data-cell="department"] input');
    expect(cell.id).toBe('root_lineList_0_department');
    await typeInto(cell, 'FIN');
    await waitFor(() => options().length === 1);
    await key(cell, 'Enter');
    await waitFor(() => (changes.at(-1)?.lineList as Array<Record<string, unknown>>)?.[0]?.department === 'FIN01');
  });

  it('in read mode shows "code name", asking the names of a type in one call, and marks an unknown code', async () => {
    const doc = { head: { docType: 'EX02', department: 'IT01', costDept: 'SAL02', bgtDept: 'NOPE', company: '1000' }, lineList: [{ department: 'IT01', amount: 5 }] };
    m = await mount({ '/': <Form initial={doc} readonly /> }, '/', answer);
    await waitFor(() => $('[data-ref-name="SAL02"]') && $('[data-ref-unknown="NOPE"]') && $('[data-ref-name="1000"]'));
    const shown = (id: string) => {
      const input = $<HTMLInputElement>(`#${id}`)!;
      return `${input.value} ${input.closest('.fw-box-frame, .MuiInputBase-root')?.querySelector('[data-ref-name], [data-ref-unknown]')?.textContent}`;
    };
    expect(shown('root_head_department')).toBe('IT01 信息技术部');
    expect(shown('root_head_costDept')).toBe('SAL02 销售二部');
    expect(shown('root_head_bgtDept')).toBe('NOPE 未知代码');
    expect(shown('root_head_company')).toBe('1000 集团总部');
    expect(shown('root_lineList_0_department')).toBe('IT01 信息技术部');
    expect(nameCalls().map((c) => `${c.path} ${param(c, 'keys')}`).sort()).toEqual([
      '/api/formwork/masterdata/company/names 1000',
      '/api/formwork/masterdata/department/names IT01,SAL02,NOPE',
    ]);
    expect(pickerCalls()).toEqual([]);
  });
});

// @vitest-environment jsdom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import i18n from '../../i18n';
import DocumentForm from '../../form/DocumentForm';
import type { FormDocument } from '../../api/types';
import { $, expectQuiet, mount, typeInto, waitFor, type Mounted } from '../../__fixtures__/harness';

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

const methods: RJSFSchema = { type: 'string', title: '支付方式', oneOf: [{ const: '1', title: '转账' }, { const: '2', title: '现金' }] };
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    head: {
      type: 'object',
      title: '基本信息',
      required: ['method'],
      properties: { method: methods, status: { ...methods, title: '状态' }, description: { type: 'string', title: '事由' }, note: { type: 'string', title: '备注' } },
    },
    lineList: { type: 'array', title: '付款', items: { type: 'object', properties: { method: methods } } },
  },
};
const uiSchema: UiSchema = {
  head: { status: { 'ui:disabled': true }, note: { 'ui:widget': 'textarea' } },
  lineList: { 'ui:field': 'lineTable' },
};

function Form({ initial }: { initial: FormDocument }) {
  const [doc, setDoc] = useState(initial);
  return (
    <DocumentForm
      schema={schema}
      uiSchema={uiSchema}
      formData={doc}
      extraErrors={{ head: { description: { __errors: ['请填写事由'] } } } as unknown as ErrorSchema}
      onChange={(next) => {
        changes.push(next);
        setDoc(next);
      }}
    />
  );
}

const combobox = (id: string) => $<HTMLElement>(`[id="${id}"][role="combobox"]`);
const isMui = (id: string) => combobox(id)?.classList.contains('MuiSelect-select') ?? false;

describe('the plain select', () => {
  it('reads as MUI select does until used: combobox with the chosen text, value in a hidden input, label', async () => {
    m = await mount({ '/': <Form initial={{ head: { docType: 'EX02', method: '2', status: '1' }, lineList: [{ method: '1' }] }} /> }, '/', () => undefined);
    const box = await waitFor(() => combobox('root_head_method'));
    expect(box.textContent).toBe('现金');
    expect(box.getAttribute('aria-labelledby')).toBe('root_head_method-label root_head_method');
    expect($('#root_head_method-label')?.textContent).toBe('支付方式 *');
    // as MUI's select holds it: the option's index (rjsf's optionValueFormat "indexed")
    expect($<HTMLInputElement>('input[name="root_head_method"]')?.value).toBe('1');
    expect(isMui('root_head_method')).toBe(false);
    expect(combobox('root_lineList_0_method')?.textContent).toBe('转账');
    // disabled: never becomes the select, nor takes the focus
    expect(combobox('root_head_status')?.getAttribute('aria-disabled')).toBe('true');
    expect(combobox('root_head_status')?.tabIndex).toBe(-1);
    expect($('.MuiSelect-select')).toBeNull();
  });

  it('becomes the MUI select, open, on a press, and a pick changes the document', async () => {
    m = await mount({ '/': <Form initial={{ head: { docType: 'EX02' } }} /> }, '/', () => undefined);
    const box = await waitFor(() => combobox('root_head_method'));
    expect(box.textContent).toBe('\u200b');
    await act(async () => {
      box.parentElement!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    });
    const option = await waitFor(() => $<HTMLElement>('[role="listbox"] [role="option"][data-value="0"]'));
    expect(isMui('root_head_method')).toBe(true);
    await act(async () => option.click());
    await waitFor(() => (changes.at(-1)?.head as Record<string, unknown>)?.method === '1');
    await waitFor(() => combobox('root_head_method')?.textContent === '转账');
  });

  it('becomes the MUI select, focused and closed, when tabbed into', async () => {
    m = await mount({ '/': <Form initial={{ head: { docType: 'EX02', method: '1' } }} /> }, '/', () => undefined);
    const box = await waitFor(() => combobox('root_head_method'));
    const plainValue = $<HTMLInputElement>('input[name="root_head_method"]')?.value;
    await act(async () => box.focus());
    const select = await waitFor(() => (isMui('root_head_method') ? combobox('root_head_method') : null));
    expect(document.activeElement).toBe(select);
    expect(select.textContent).toBe('转账');
    expect($<HTMLInputElement>('input[name="root_head_method"]')?.value).toBe(plainValue);
    expect($('[role="listbox"]')).toBeNull();
  });
});

describe('the text box', () => {
  it('is labelled, marks required and errors, and reports typing', async () => {
    m = await mount({ '/': <Form initial={{ head: { docType: 'EX02' } }} /> }, '/', () => undefined);
    const input = await waitFor(() => $<HTMLInputElement>('#root_head_description'));
    expect(input.labels?.[0]?.textContent).toBe('事由');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect($('#root_head_description__error-0')?.textContent).toBe('请填写事由');
    await typeInto(input, '出差');
    await waitFor(() => (changes.at(-1)?.head as Record<string, unknown>)?.description === '出差');
    expect(input.closest('.fw-box')?.hasAttribute('data-shrink')).toBe(true);
    const note = $<HTMLTextAreaElement>('textarea#root_head_note');
    expect(note?.rows).toBe(5);
  });
});

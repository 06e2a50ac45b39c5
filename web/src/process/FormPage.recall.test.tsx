// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import FormPage from '../pages/FormPage';
import { ex02Export } from '../__fixtures__/ex02Export';
import { $, click, expectQuiet, mount, ok, okForm, typeInto, waitFor, type Answer, type Call, type Mounted, type Responder } from '../__fixtures__/harness';
import type { BudgetPreview, ProcessView } from '../api/process';
import type { FormContext, FormProcess } from '../api/types';
import { processView } from '../__fixtures__/wire';

// The form of issue 12 items 5 and 6: recall from the toolbar, the rejection on top of
// a returned document, the budget panel while drafting.

const etag = '"e-ex02-edit"';
const draftActions = ['save', 'tempSave', 'submit', 'void', 'print'];

function storedDoc(over: Record<string, unknown> = {}) {
  return { head: { businessId: 'EX02X1', docType: 'EX02', companyCode: '1000', schemaVersion: 1, version: 3, description: '北京出差', ...over } };
}

function form(process: Partial<FormProcess>, over: Partial<FormContext> = {}): FormContext {
  return {
    action: 'edit',
    states: {},
    check: { docType: 'EX02', schemaVersion: 1, valid: true, errors: [] },
    process: { status: 'draft', processId: '', actions: draftActions, ...process },
    schema: { edition: 'form', docType: 'EX02', family: 'ap', version: 1, subType: '', etag },
    ...over,
  };
}

const budget = (available: number, severity?: string, message?: string): BudgetPreview => ({
  lines: [
    {
      companyCode: '1000',
      department: 'IT01',
      budgetAccount: '660201',
      project: '',
      period: '2026-11',
      budgeted: true,
      control: 'strong',
      amount: 1000,
      available,
      draw: 1380,
      exceeds: severity !== undefined,
      ...(severity ? { severity, rule: 'budget.strong', message } : {}),
    },
  ],
});

let m: Mounted | undefined;
let recalls: Call[];
let load: () => Answer;
let evaluated: () => Answer;

const respond: Responder = (call: Call) => {
  if (call.path === '/api/formwork/registry/editions') return ok([{ key: 'form', default: true, companies: ['1000'] }]);
  if (call.path === '/api/formwork/registry/docTypes') return ok([{ docType: 'EX02', family: 'ap', version: 1, edition: 'form', title: { zh: '员工报销' } }]);
  if (/\/head\/load\?/.test(call.url)) return load();
  if (/\/registry\/docTypes\/EX02\/form\?/.test(call.url)) return { ...ok(ex02Export), headers: { ETag: etag } };
  if (call.path === '/api/formwork/evaluate') return evaluated();
  if (call.path === '/api/galaxyform/process/recall') {
    recalls.push(call);
    const v: ProcessView = processView({ businessId: 'EX02X1', status: 'draft', statusTxt: '草稿', version: 5, actions: draftActions });
    return ok(v);
  }
  return undefined;
};

const toolbar = () => [...document.querySelectorAll('[data-toolbar] button[data-button]:not([disabled])')].map((b) => b.getAttribute('data-button'));

async function open() {
  m = await mount({ '/form': <FormPage /> }, '/form?docType=EX02&businessId=EX02X1&action=edit', respond);
  await waitFor(() => $('[data-form-ready="true"]'));
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  recalls = [];
  evaluated = () => ok({ check: { valid: true, errors: [] }, fields: {}, values: {} });
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
});

describe('FormPage recall, rejection and budget', () => {
  it('recalls a submitted document from the toolbar: the version seen is sent, the form becomes a draft again', async () => {
    load = () => okForm(storedDoc({ status: 'inApproval' }), form({ status: 'inApproval', processId: 'EX02X1-1', actions: ['recall', 'print'] }));
    await open();
    await waitFor(() => toolbar().includes('recall'));
    expect(toolbar()).toEqual(['recall', 'print']);
    expect($('[data-panel="budget"]')).toBeNull();
    await click('[data-button="recall"]');
    await waitFor(() => $('[data-dialog="comment"][data-action="recall"]'));
    await typeInto('#process-comment', '金额填错了');
    await click('[data-action="confirm-comment"]');
    await waitFor(() => recalls.length === 1);
    expect(recalls[0].body).toEqual({ businessId: 'EX02X1', version: 3, comment: '金额填错了' });
    expect((await waitFor(() => $('[data-notice="lifecycle"]'))).textContent).toContain('已撤回');
    await waitFor(() => toolbar().includes('submit'));
    expect(toolbar()).toEqual(['save', 'tempSave', 'submit', 'void', 'print']);
  });

  it('shows why a returned document was returned at the top of the form', async () => {
    load = () =>
      okForm(
        storedDoc({ status: 'returned' }),
        form({ status: 'returned', processId: 'EX02X1-1', returned: { reason: '请补充住宿发票', by: 'manager01', byTxt: '李四', at: '2026-11-24 09:55:00' } }),
      );
    await open();
    const banner = await waitFor(() => $('[data-banner="returned"]'));
    expect(banner.querySelector('[data-returned-reason]')?.textContent).toBe('驳回原因：请补充住宿发票');
    expect(banner.querySelector('[data-returned-by]')?.textContent).toBe('李四 于 2026-11-24 09:55:00 驳回');
    // above the toolbar
    const toolbarEl = $('[data-toolbar]')!;
    expect(banner.compareDocumentPosition(toolbarEl) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows the load's budget preview, and evaluate's once the person types, in the submit's words", async () => {
    load = () => okForm(storedDoc(), form({}, { budget: budget(5000) }));
    await open();
    const line = await waitFor(() => $('[data-budget-line="660201"]'));
    expect(line.getAttribute('data-exceeds')).toBe('false');
    const refusal = '预算1000/IT01/660201/2026-11不足：可用1000.00，本单占用1380.00（强控制，不能提交）';
    evaluated = () => ok({ check: { valid: true, errors: [] }, fields: {}, values: {}, budget: budget(1000, 'error', refusal) });
    await typeInto('#root_head_description', '上海出差');
    await waitFor(() => $('[data-budget-line="660201"][data-exceeds="true"]'));
    expect($('[data-budget-message="error"]')?.textContent).toBe(refusal);
    await act(async () => undefined);
  });
});

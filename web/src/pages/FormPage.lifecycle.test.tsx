// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import FormPage from './FormPage';
import { ex02Export } from '../__fixtures__/ex02Export';
import { $, buttonByText, click, expectQuiet, mount, ok, refusal, typeInto, waitFor, type Call, type Mounted, type Responder } from '../__fixtures__/harness';
import type { ProcessView } from '../api/process';

const editions = [
  { key: 'form', default: true, companies: [] },
  { key: 'travel', companies: ['2000'] },
];

const created = { at: '2026-11-22 09:00:00', by: 'employee01', byTxt: '张三', from: '', to: 'draft', toTxt: '草稿', action: 'create', actionTxt: '创建', comment: '' };
const submitted = { at: '2026-11-22 09:10:00', by: 'employee01', byTxt: '张三', from: 'draft', fromTxt: '草稿', to: 'inApproval', toTxt: '审批中', action: 'submit', actionTxt: '提交', comment: '' };

function view(over: Partial<ProcessView>): ProcessView {
  return { businessId: 'EX02X1', docType: 'EX02', family: 'ap', status: 'draft', statusTxt: '草稿', processId: '', version: 3, actions: [], openTask: null, tasks: [], events: [created], ...over };
}

const draftView = view({ actions: ['save', 'tempSave', 'submit', 'void', 'print'] });
const task1 = { taskId: 7, seq: 1, step: 'task1', stepTxt: '一级审批', assignee: 'manager01', assigneeTxt: '李四', status: 'open' };
const inApprovalView = view({ status: 'inApproval', statusTxt: '审批中', processId: 'EX02X1-1', version: 4, actions: ['print'], tasks: [task1], events: [created, submitted] });

function storedDoc(over: Record<string, unknown> = {}) {
  return { head: { businessId: 'EX02X1', docType: 'EX02', companyCode: '1000', schemaVersion: 1, version: 3, description: '北京出差', ...over } };
}

let m: Mounted | undefined;
let routes: Array<[string | RegExp, Responder]>;

/** Answers by the first route whose path (string: exact; RegExp: test on the url) matches. */
const respond: Responder = (call: Call) => {
  for (const [match, answer] of routes) {
    if (typeof match === 'string' ? call.path === match : match.test(call.url)) {
      const a = answer(call);
      if (a) return a;
    }
  }
  return undefined;
};

function baseRoutes(history: () => ProcessView, doc = storedDoc()): Array<[string | RegExp, Responder]> {
  return [
    ['/api/formwork/registry/editions', () => ok(editions)],
    ['/api/galaxyform/process/history', () => ok(history())],
    [/\/head\/load\?/, () => ok(doc)],
    [/\/registry\/docTypes\/EX02\/form\?/, () => ok(ex02Export)],
    ['/api/formwork/evaluate', () => ok({ check: { valid: true, errors: [] }, fields: {}, values: {} })],
  ];
}

async function open(entry: string) {
  m = await mount({ '/form': <FormPage /> }, entry, respond);
}

const toolbar = () => [...document.querySelectorAll('[data-toolbar] button[data-button]:not([disabled])')].map((b) => b.getAttribute('data-button'));
const callsTo = (part: string) => m!.calls.filter((c) => c.url.includes(part));

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
});

describe('FormPage with a stored document', () => {
  it('asks the history for the family, loads the document, and exports its own edition and version', async () => {
    routes = baseRoutes(() => view({ family: 'ar', actions: ['save', 'tempSave', 'submit', 'void', 'print'] }), storedDoc({ companyCode: '2000' }));
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    const order = m!.calls.map((c) => c.path).filter((p) => /history|head\/load|docTypes\/EX02\/form/.test(p));
    expect(order[0]).toBe('/api/galaxyform/process/history');
    expect(order[1]).toBe('/api/galaxyform/yx/ar/head/load');
    const exports = callsTo('/docTypes/EX02/form');
    expect(exports.length).toBeGreaterThan(0);
    // Never the live version first: every export asked for is the document's.
    for (const c of exports) {
      const q = new URL(c.url, 'http://x').searchParams;
      expect([q.get('edition'), q.get('version'), q.get('action')]).toEqual(['travel', '1', 'edit']);
    }
    expect($('[data-form-ready]')?.getAttribute('data-schema-version')).toBe('1');
    expect($<HTMLInputElement>('#root_head_description')?.value).toBe('北京出差');
    expect(toolbar()).toEqual(['save', 'tempSave', 'submit', 'void', 'print']);
    expect($('[data-document-status="draft"]')?.textContent).toContain('草稿');
    expect($('[data-history="EX02X1"] tr[data-event="create"]')?.textContent).toContain('张三');
  });

  it('shows what the server allows only: in approval the owner can print, and the form is read-only', async () => {
    routes = baseRoutes(() => inApprovalView, storedDoc({ version: 4 }));
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    expect(toolbar()).toEqual(['print']);
    expect($<HTMLInputElement>('#root_head_description')?.disabled || $<HTMLInputElement>('#root_head_description')?.readOnly).toBe(true);
  });

  it('submits; a weak-control refusal asks 提示 and resends with confirm= only on 确认', async () => {
    let history = draftView;
    const submits: Call[] = [];
    routes = [
      [
        '/api/galaxyform/process/startProcess',
        (call) => {
          submits.push(call);
          if (!call.url.includes('confirm=')) {
            const finding = { path: 'head.amount', rule: 'budget.weak', severity: 'confirm', message: '超出预算（弱控），是否继续？' };
            return refusal(422, 'ECONFIRM', '提交失败！超出预算', { docType: 'EX02', schemaVersion: 1, valid: false, errors: [finding] });
          }
          history = inApprovalView;
          return ok(inApprovalView);
        },
      ],
      ...baseRoutes(() => history),
    ];
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]') && toolbar().includes('submit'));

    await click('[data-button="submit"]');
    const dialog = await waitFor(() => $('[data-dialog="confirm"]'));
    expect(dialog.textContent).toContain('提示');
    expect(dialog.textContent).toContain('超出预算（弱控），是否继续？');
    await click(buttonByText('取消')!);
    await new Promise((r) => setTimeout(r, 50));
    expect(submits).toHaveLength(1);
    expect(submits[0].body).toEqual({ businessId: 'EX02X1', version: 3 });

    await waitFor(() => !$('[data-dialog="confirm"]'));
    await click('[data-button="submit"]');
    await waitFor(() => submits.length === 2 && $('[data-dialog="confirm"]'));
    await click(buttonByText('确认')!);
    await waitFor(() => submits.length === 3);
    expect(submits[1].url).not.toContain('confirm=');
    expect(new URL(submits[2].url, 'http://x').searchParams.get('confirm')).toBe('budget.weak');
    await waitFor(() => $('[data-document-status="inApproval"]'));
    await waitFor(() => $('[data-notice="lifecycle"]'));
    expect($('[data-notice="lifecycle"]')?.textContent).toContain('提交成功');
    await waitFor(() => toolbar().join() === 'print');
    expect($('[data-history-tasks] tr[data-task-status="open"]')?.textContent).toContain('李四');
  });

  it('saves a changed document before submitting it, and submits the stored version', async () => {
    routes = [
      [/\/head\/update\?/, (call) => ok({ ...call.body, head: { ...call.body.head, version: 4 } })],
      ['/api/galaxyform/process/startProcess', () => ok(inApprovalView)],
      ...baseRoutes(() => draftView),
    ];
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]') && toolbar().includes('submit'));
    await typeInto('#root_head_description', '北京出差（改）');
    await click('[data-button="submit"]');
    await waitFor(() => callsTo('/process/startProcess').length === 1);
    const update = callsTo('/head/update')[0];
    expect(update.body.head.description).toBe('北京出差（改）');
    expect(callsTo('/process/startProcess')[0].body).toEqual({ businessId: 'EX02X1', version: 4 });
    expect(m!.calls.indexOf(update)).toBeLessThan(m!.calls.indexOf(callsTo('/process/startProcess')[0]));
  });

  it('lets the holder of the open task approve with a comment', async () => {
    let history = view({ status: 'inApproval', statusTxt: '审批中', actions: ['approve', 'reject', 'addSign', 'supplement', 'print'], openTask: task1, tasks: [task1] });
    routes = [
      [
        '/api/galaxyform/process/complete',
        () => {
          const done = { ...task1, status: 'done', completeBy: 'manager01', completeByTxt: '李四', completeAt: '2026-11-22 10:00:00', taskReult: 'approve', taskReultTxt: '同意', taskReultComment: '同意报销' };
          history = view({ status: 'inApproval', statusTxt: '审批中', version: 5, actions: ['print'], tasks: [done] });
          return ok(history);
        },
      ],
      ...baseRoutes(() => history),
    ];
    await open('/form?docType=EX02&businessId=EX02X1&action=oareview');
    await waitFor(() => $('[data-form-ready="true"]') && toolbar().includes('approve'));
    expect(toolbar()).toEqual(['approve', 'reject', 'addSign', 'supplement', 'print']);
    await click('[data-button="approve"]');
    await waitFor(() => $('[data-dialog="comment"][data-action="approve"]'));
    await typeInto('#process-comment', '同意报销');
    await click('[data-action="confirm-comment"]');
    await waitFor(() => callsTo('/process/complete').length === 1);
    expect(callsTo('/process/complete')[0].body).toEqual({ businessId: 'EX02X1', taskId: 7, result: 'approve', comment: '同意报销' });
    const row = await waitFor(() => $('[data-history-tasks] tr[data-task-result="approve"]'));
    expect(row.querySelector('[data-cell="completeBy"]')?.textContent).toBe('李四 (manager01)');
    expect(row.querySelector('[data-cell="taskReultComment"]')?.textContent).toBe('同意报销');
    // The approver may no longer open it: the document is not loaded again.
    expect(callsTo('/head/load')).toHaveLength(1);
    expect(toolbar()).toEqual(['print']);
  });

  it('adds an approver picked from the search help, with the request as comment', async () => {
    const holder = view({ status: 'inApproval', actions: ['approve', 'reject', 'addSign', 'supplement', 'print'], openTask: task1, tasks: [task1] });
    routes = [
      [
        '/api/galaxyform/searchhelp/queryEmployeeInfo',
        (call) =>
          ok(
            [
              { key: 'E00009', value: '系统管理员', attr1: 'admin', attr9: '信息技术部' },
              { key: 'E00003', value: '王五', attr1: 'finance01' },
            ].filter((o) => !call.body?.searchTxt || o.attr1.includes(call.body.searchTxt)),
          ),
      ],
      ['/api/galaxyform/process/complete', () => ok(view({ status: 'inApproval', actions: ['print'] }))],
      ...baseRoutes(() => holder),
    ];
    await open('/form?docType=EX02&businessId=EX02X1&action=oareview');
    await waitFor(() => toolbar().includes('addSign'));
    await click('[data-button="addSign"]');
    const input = await waitFor(() => $<HTMLInputElement>('#process-approver'));
    await act(async () => input.focus());
    await typeInto(input, 'adm');
    await waitFor(() => callsTo('/queryEmployeeInfo').some((c) => c.body?.searchTxt === 'adm'));
    await click(await waitFor(() => $('li[data-option="admin"]')));
    await typeInto('#process-comment', '请管理员会签');
    await click('[data-action="confirm-comment"]');
    await waitFor(() => callsTo('/process/complete').length === 1);
    expect(callsTo('/process/complete')[0].body).toEqual({ businessId: 'EX02X1', taskId: 7, result: 'addSign', comment: '请管理员会签', approver: 'admin' });
  });

  it('keeps a refused comment in the dialog', async () => {
    const holder = view({ status: 'inApproval', actions: ['approve', 'reject', 'print'], openTask: task1, tasks: [task1] });
    routes = [
      ['/api/galaxyform/process/complete', () => refusal(400, 'EINVALID', 'comment: 驳回时必须填写意见')],
      ...baseRoutes(() => holder),
    ];
    await open('/form?docType=EX02&businessId=EX02X1&action=oareview');
    await waitFor(() => toolbar().includes('reject'));
    await click('[data-button="reject"]');
    await click(await waitFor(() => $('[data-dialog="comment"] [data-action="confirm-comment"]')));
    const error = await waitFor(() => $('[data-dialog="comment"] [data-error="comment"]'));
    expect(error.textContent).toContain('驳回时必须填写意见');
    expect($('[data-notice="prompt"]')).toBeNull();
  });

  it("opens the server's print view with the session, from a blob", async () => {
    routes = [['/api/galaxyform/print/EX02X1', () => ({ status: 200, body: null, html: '<html><body>EX02X1 打印</body></html>' })], ...baseRoutes(() => draftView)];
    const win = { location: { href: '' }, close: vi.fn() };
    const openSpy = vi.fn(() => win);
    vi.stubGlobal('open', openSpy);
    const createObjectURL = vi.fn(() => 'blob:print-1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL: revoke });
    await open('/form?docType=EX02&businessId=EX02X1&action=read');
    await waitFor(() => toolbar().includes('print'));
    await click('[data-button="print"]');
    await waitFor(() => win.location.href === 'blob:print-1');
    expect(openSpy).toHaveBeenCalledWith('', '_blank');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toContain('EX02X1 打印');
  });
});

describe('FormPage with a new document', () => {
  it('saves temporarily with tempSave=1', async () => {
    routes = [[/\/head\/create\?/, (call) => ok({ ...call.body, head: { ...call.body.head, businessId: 'EX02T1', version: 1, schemaVersion: 1 } })], ...baseRoutes(() => draftView)];
    await open('/form?docType=EX02&action=new');
    await waitFor(() => $('[data-form-ready="true"]'));
    expect(toolbar()).toEqual(['save', 'tempSave']);
    await click('[data-button="tempSave"]');
    await waitFor(() => callsTo('/head/create').length === 1);
    const q = new URL(callsTo('/head/create')[0].url, 'http://x').searchParams;
    expect([q.get('action'), q.get('tempSave')]).toEqual(['new', '1']);
    await waitFor(() => $('[data-notice="saved"]'));
    expect($('[data-notice="saved"]')?.textContent).toContain('暂存成功');
  });
});

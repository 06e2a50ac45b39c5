// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import FormPage from './FormPage';
import { ex02Export } from '../__fixtures__/ex02Export';
import { $, buttonByText, click, expectQuiet, mount, ok, okForm, refusal, typeInto, waitFor, type Answer, type Call, type Mounted, type Responder } from '../__fixtures__/harness';
import type { ProcessView } from '../api/process';
import type { FormContext, FormProcess } from '../api/types';
import { fieldState, processEvent, processTask, processView } from '../__fixtures__/wire';

const editions = [
  { key: 'form', default: true, companies: ['1000'] },
  { key: 'travel', companies: ['2000'] },
];
// The registry list of the chosen company's edition (form): what the menu already holds.
const formEditionTypes = [{ docType: 'EX02', family: 'ap', version: 1, edition: 'form', title: { zh: '员工报销' } }];
const everyEditionsTypes = [...formEditionTypes, { docType: 'EX02', family: 'ar', version: 1, edition: 'travel', title: { zh: '员工报销' } }];

const created = processEvent({ at: '2026-11-22 09:00:00', by: 'employee01', byTxt: '张三', from: '', to: 'draft', toTxt: '草稿', action: 'create', actionTxt: '创建', comment: '' });
const submitted = processEvent({ at: '2026-11-22 09:10:00', by: 'employee01', byTxt: '张三', from: 'draft', fromTxt: '草稿', to: 'inApproval', toTxt: '审批中', action: 'submit', actionTxt: '提交', comment: '' });

function view(over: Partial<ProcessView>): ProcessView {
  return processView({ businessId: 'EX02X1', status: 'draft', statusTxt: '草稿', version: 3, events: [created], ...over });
}

const draftActions = ['save', 'tempSave', 'submit', 'void', 'print'];
const task1 = processTask({ taskId: 7, seq: 1, step: 'task1', stepTxt: '一级审批', assignee: 'manager01', assigneeTxt: '李四', status: 'open' });
const inApprovalView = view({ status: 'inApproval', statusTxt: '审批中', processId: 'EX02X1-1', version: 4, actions: ['print'], tasks: [task1], events: [created, submitted] });

function storedDoc(over: Record<string, unknown> = {}) {
  return { head: { businessId: 'EX02X1', docType: 'EX02', companyCode: '1000', schemaVersion: 1, version: 3, description: '北京出差', ...over } };
}

const etag = '"e-ex02-edit"';

/** The form of a save's or a load's answer (docs/api.md). */
function form(process: Partial<FormProcess> = {}, over: Partial<FormContext> = {}): FormContext {
  return {
    action: 'edit',
    states: {},
    check: { docType: 'EX02', schemaVersion: 1, valid: true, errors: [] },
    process: { status: 'draft', processId: '', actions: draftActions, ...process },
    schema: { edition: 'form', docType: 'EX02', family: 'ap', version: 1, subType: '', etag },
    ...over,
  };
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

const exportAnswer = (): Answer => ({ ...ok(ex02Export), headers: { ETag: etag } });

function baseRoutes(history: () => ProcessView, load: () => Answer = () => okForm(storedDoc(), form())): Array<[string | RegExp, Responder]> {
  return [
    ['/api/formwork/registry/editions', () => ok(editions)],
    [/\/registry\/docTypes\?edition=form/, () => ok(formEditionTypes)],
    [/\/registry\/docTypes\?lang/, () => ok(everyEditionsTypes)],
    ['/api/galaxyform/process/history', () => ok(history())],
    [/\/head\/load\?/, load],
    [/\/registry\/docTypes\/EX02\/form\?/, (call) => (call.url.includes('lang=') ? exportAnswer() : undefined)],
    ['/api/formwork/evaluate', () => ok({ check: { valid: true, errors: [] }, fields: {}, values: {} })],
  ];
}

async function open(entry: string, options: { keepExports?: boolean } = {}) {
  m = await mount({ '/form': <FormPage /> }, entry, respond, options);
}

const toolbar = () => [...document.querySelectorAll('[data-toolbar] button[data-button]:not([disabled])')].map((b) => b.getAttribute('data-button'));
const callsTo = (part: string) => m!.calls.filter((c) => c.url.includes(part));
/** The calls of the form itself: not the editions and registry lists the shell holds anyway. */
const formCalls = (from = 0) => m!.calls.slice(from).filter((c) => !/\/registry\/(editions|docTypes\?)/.test(c.url) && c.path !== '/api/formwork/registry/docTypes');
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 600))));

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
});

describe('FormPage opening a stored document', () => {
  it('loads it once (family from the registry list) and asks for the export its load named: two requests, no history', async () => {
    const travel = form({}, { schema: { edition: 'travel', docType: 'EX02', family: 'ar', version: 2, subType: '', etag } });
    routes = [[/\/yx\/ap\/head\/load\?/, () => refusal(400, 'EINVALID', 'EX02 documents are saved under /yx/ar/')], ...baseRoutes(() => view({}), () => okForm(storedDoc({ companyCode: '2000' }), travel))];
    // The chosen company works in the form edition, whose list files EX02 under ap: the document (travel) is ar.
    routes.unshift([/\/yx\/ar\/head\/load\?/, () => okForm(storedDoc({ companyCode: '2000' }), travel)]);
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    await settle();
    const paths = formCalls().map((c) => c.path);
    expect(paths).toEqual(['/api/galaxyform/yx/ap/head/load', '/api/galaxyform/yx/ar/head/load', '/api/formwork/registry/docTypes/EX02/form']);
    const q = new URL(callsTo('/docTypes/EX02/form')[0].url, 'http://x').searchParams;
    expect([q.get('edition'), q.get('version'), q.get('action')]).toEqual(['travel', '2', 'edit']);
    expect(new URL(callsTo('/head/load')[1].url, 'http://x').searchParams.get('action')).toBe('edit');
  });

  it('of its own edition needs the load and the export only, and the export not again once held', async () => {
    routes = baseRoutes(() => view({}));
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    await settle();
    expect(formCalls().map((c) => c.path)).toEqual(['/api/galaxyform/yx/ap/head/load', '/api/formwork/registry/docTypes/EX02/form']);
    expect($('[data-form-ready]')?.getAttribute('data-schema-version')).toBe('1');
    expect($<HTMLInputElement>('#root_head_description')?.value).toBe('北京出差');
    expect(toolbar()).toEqual(['save', 'tempSave', 'submit', 'void', 'print']);
    expect($('[data-document-status="draft"]')?.textContent).toContain('草稿');
    expectQuiet(m);

    await open('/form?docType=EX02&businessId=EX02X1&action=edit', { keepExports: true });
    await waitFor(() => $('[data-form-ready="true"]'));
    await settle();
    expect(formCalls().map((c) => c.path)).toEqual(['/api/galaxyform/yx/ap/head/load']);
    expect($<HTMLInputElement>('#root_head_description')?.value).toBe('北京出差');
  });

  it('keeps an export answered without an ETag under the etag the load named', async () => {
    routes = [[/\/registry\/docTypes\/EX02\/form\?/, () => ok(ex02Export)], ...baseRoutes(() => view({}))];
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    expectQuiet(m);
    await open('/form?docType=EX02&businessId=EX02X1&action=edit', { keepExports: true });
    await waitFor(() => $('[data-form-ready="true"]'));
    await settle();
    expect(formCalls().map((c) => c.path)).toEqual(['/api/galaxyform/yx/ap/head/load']);
  });

  it('revalidates an export asked for by its address with If-None-Match, and keeps it on 304', async () => {
    const answerExport = (call: Call): Answer =>
      call.headers['If-None-Match'] === '"e-new"' ? { status: 304, body: null, headers: { ETag: '"e-new"' } } : { ...ok(ex02Export), headers: { ETag: '"e-new"' } };
    routes = [[/\/registry\/docTypes\/EX02\/form\?/, answerExport], ...baseRoutes(() => view({}))];
    await open('/form?docType=EX02&action=new');
    await waitFor(() => $('[data-form-ready="true"]'));
    expect(callsTo('/docTypes/EX02/form')[0].headers).not.toHaveProperty('If-None-Match');
    expectQuiet(m);
    // A later page asks the same address: it says what it holds, the server answers 304.
    await open('/form?docType=EX02&action=new', { keepExports: true });
    await waitFor(() => $('[data-form-ready="true"]'));
    const exports = callsTo('/docTypes/EX02/form');
    expect(exports).toHaveLength(1);
    expect(exports[0].headers['If-None-Match']).toBe('"e-new"');
    expect($('[data-form-title]')?.textContent).toBe('员工报销');
  });

  it('shows what the server allows only: in approval the owner can print, and the form is read-only', async () => {
    routes = baseRoutes(() => inApprovalView, () => okForm(storedDoc({ version: 4 }), form({ status: 'inApproval', processId: 'EX02X1-1', actions: ['print'] })));
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    expect(toolbar()).toEqual(['print']);
    expect($('[data-document-status="inApproval"]')?.textContent).toContain('审批中');
    expect($<HTMLInputElement>('#root_head_description')?.disabled || $<HTMLInputElement>('#root_head_description')?.readOnly).toBe(true);
  });

  it('names the state in the interface language, Thai too', async () => {
    await i18n.changeLanguage('th');
    routes = baseRoutes(() => view({}), () => okForm(storedDoc(), form({ status: 'returned', statusTxt: '已退回' })));
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    expect($('[data-document-status="returned"]')?.textContent).toContain('ถูกส่งคืน');
  });

  it("applies the load's field states", async () => {
    routes = baseRoutes(() => view({}), () => okForm(storedDoc(), form({}, { states: { 'head.reason': fieldState({ visible: false }), 'head.description': fieldState({ editable: false }) } })));
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    expect($<HTMLInputElement>('#root_head_reason')?.type).toBe('hidden');
    expect($<HTMLTextAreaElement>('#root_head_description')?.disabled || $<HTMLTextAreaElement>('#root_head_description')?.readOnly).toBe(true);
  });

  it('asks for the approval history only when the person opens it', async () => {
    routes = baseRoutes(() => view({ actions: draftActions }));
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    await settle();
    expect(callsTo('/process/history')).toHaveLength(0);
    await click('[data-action="history"]');
    const history = await waitFor(() => $('[data-history="EX02X1"] tr[data-event="create"]'));
    expect(history.textContent).toContain('张三');
    expect(callsTo('/process/history')).toHaveLength(1);
  });

  it('reports a load the server refuses in the person’s words, never a technical text', async () => {
    routes = [[/\/head\/load\?/, () => refusal(500, 'EINTERNAL', '')], ...baseRoutes(() => view({}))];
    m = await mount({ '/form': <FormPage /> }, '/form?docType=EX02&businessId=EX02X1&action=edit', respond);
    const error = await waitFor(() => $('[data-error="load-document"]'));
    expect(error.textContent).toBe('加载单据失败: 服务调用异常！错误代码：500');
  });
});

describe('FormPage saving a stored document', () => {
  it('saves with exactly one request and shows what the answer says: document, states, actions', async () => {
    routes = [
      [
        /\/head\/update\?/,
        (call) =>
          okForm({ ...call.body, head: { ...call.body.head, version: 4 } }, form({ actions: ['save', 'submit', 'print'] }, { states: { 'head.reason': fieldState({ visible: false }) } })),
      ],
      ...baseRoutes(() => view({})),
    ];
    await open('/form?docType=EX02&businessId=EX02X1&action=edit');
    await waitFor(() => $('[data-form-ready="true"]'));
    await typeInto('#root_head_description', '北京出差（改）');
    await settle(); // the evaluate call of typing goes out before the save
    const before = m!.calls.length;
    await click('[data-button="save"]');
    await waitFor(() => $('[data-notice="saved"]'));
    await settle();
    expect(formCalls(before).map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/galaxyform/yx/ap/head/update']);
    expect(m!.calls[before].body.head.description).toBe('北京出差（改）');
    expect(toolbar()).toEqual(['save', 'submit', 'print']);
    expect($<HTMLInputElement>('#root_head_reason')?.type).toBe('hidden');
    expect($('[data-business-id="EX02X1"]')?.parentElement?.textContent).toContain('版本: 4');
  });
});

describe('FormPage lifecycle', () => {
  it('submits; a weak-control refusal asks 提示 and resends with confirm= only on 确认', async () => {
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
          return ok(inApprovalView);
        },
      ],
      ...baseRoutes(() => inApprovalView),
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
    // The answer was the whole story: the document is not loaded again.
    expect(callsTo('/head/load')).toHaveLength(1);
    await click('[data-action="history"]');
    const open1 = await waitFor(() => $('[data-history-tasks] tr[data-task-status="open"]'));
    expect(open1.textContent).toContain('李四');
  });

  it('saves a changed document before submitting it, and submits the stored version', async () => {
    routes = [
      [/\/head\/update\?/, (call) => okForm({ ...call.body, head: { ...call.body.head, version: 4 } }, form())],
      ['/api/galaxyform/process/startProcess', () => ok(inApprovalView)],
      ...baseRoutes(() => view({})),
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

  it('lets the holder of the open task approve with a comment (the task from the history, asked then)', async () => {
    const holderForm = form({ status: 'inApproval', actions: ['approve', 'reject', 'addSign', 'supplement', 'print'] });
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
      ...baseRoutes(() => history, () => okForm(storedDoc(), { ...holderForm, action: 'oareview' })),
    ];
    await open('/form?docType=EX02&businessId=EX02X1&action=oareview');
    await waitFor(() => $('[data-form-ready="true"]') && toolbar().includes('approve'));
    expect(toolbar()).toEqual(['approve', 'reject', 'addSign', 'supplement', 'print']);
    expect(new URL(callsTo('/head/load')[0].url, 'http://x').searchParams.get('action')).toBe('oareview');
    await click('[data-button="approve"]');
    await waitFor(() => $('[data-dialog="comment"][data-action="approve"]'));
    await typeInto('#process-comment', '同意报销');
    await click('[data-action="confirm-comment"]');
    await waitFor(() => callsTo('/process/complete').length === 1);
    expect(callsTo('/process/complete')[0].body).toEqual({ businessId: 'EX02X1', taskId: 7, result: 'approve', comment: '同意报销' });
    await waitFor(() => toolbar().join() === 'print');
    await click('[data-action="history"]');
    const row = await waitFor(() => $('[data-history-tasks] tr[data-task-result="approve"]'));
    expect(row.querySelector('[data-cell="completeBy"]')?.textContent).toBe('李四 (manager01)');
    expect(row.querySelector('[data-cell="taskReultComment"]')?.textContent).toBe('同意报销');
    // The approver may no longer open it: the document is not loaded again.
    expect(callsTo('/head/load')).toHaveLength(1);
  });

  it('uses the open task the form names without asking the history', async () => {
    const holderForm = form({ status: 'inApproval', actions: ['approve', 'reject', 'print'], openTask: { taskId: 7 } });
    routes = [['/api/galaxyform/process/complete', () => ok(view({ status: 'inApproval', actions: ['print'] }))], ...baseRoutes(() => view({}), () => okForm(storedDoc(), holderForm))];
    await open('/form?docType=EX02&businessId=EX02X1&action=oareview');
    await waitFor(() => toolbar().includes('approve'));
    await click('[data-button="approve"]');
    await typeInto(await waitFor(() => $<HTMLTextAreaElement>('#process-comment')), '同意');
    await click('[data-action="confirm-comment"]');
    await waitFor(() => callsTo('/process/complete').length === 1);
    expect(callsTo('/process/complete')[0].body.taskId).toBe(7);
    expect(callsTo('/process/history')).toHaveLength(0);
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
      ...baseRoutes(() => holder, () => okForm(storedDoc(), form({ status: 'inApproval', actions: holder.actions ?? [] }))),
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
      ...baseRoutes(() => holder, () => okForm(storedDoc(), form({ status: 'inApproval', actions: holder.actions ?? [] }))),
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
    routes = [['/api/galaxyform/print/EX02X1', () => ({ status: 200, body: null, html: '<html><body>EX02X1 打印</body></html>' })], ...baseRoutes(() => view({}))];
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
  const createdForm = form({}, { action: 'new', schema: { edition: 'form', docType: 'EX02', family: 'ap', version: 1, subType: '', etag: '"e-ex02-new"' } });

  it('creates with one request: the address gains the businessId, the toolbar the draft actions, nothing is loaded again', async () => {
    routes = [
      [/\/head\/create\?/, (call) => okForm({ ...call.body, head: { ...call.body.head, businessId: 'EX02T1', version: 1, schemaVersion: 1 } }, createdForm)],
      [/\/registry\/docTypes\/EX02\/form\?/, () => ({ ...ok(ex02Export), headers: { ETag: '"e-ex02-new"' } })],
      ...baseRoutes(() => view({})),
    ];
    await open('/form?docType=EX02&action=new');
    await waitFor(() => $('[data-form-ready="true"]'));
    expect(toolbar()).toEqual(['save', 'tempSave']);
    await settle();
    const before = m!.calls.length;
    await click('[data-button="save"]');
    await waitFor(() => $('[data-notice="saved"]'));
    await settle();
    expect(formCalls(before).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/galaxyform/yx/ap/head/create']);
    expect($('[data-testid="location"]')?.textContent).toBe('/form?docType=EX02&businessId=EX02T1&action=edit');
    expect($('[data-business-id]')?.getAttribute('data-business-id')).toBe('EX02T1');
    expect(toolbar()).toEqual(['save', 'tempSave', 'submit', 'void', 'print']);
  });

  it('fetches the edit export while the person fills it in, so that the create and the next update are one request each', async () => {
    const exportByAction = (call: Call): Answer => {
      const a = new URL(call.url, 'http://x').searchParams.get('action');
      return { ...ok(ex02Export), headers: { ETag: `"e-ex02-${a}"` } };
    };
    const editForm = form({}, { schema: { edition: 'form', docType: 'EX02', family: 'ap', version: 1, subType: '', etag: '"e-ex02-edit"' } });
    routes = [
      [/\/head\/create\?/, (call) => okForm({ ...call.body, head: { ...call.body.head, businessId: 'EX02T1', version: 1, schemaVersion: 1 } }, createdForm)],
      [/\/head\/update\?/, (call) => okForm({ ...call.body, head: { ...call.body.head, version: 2 } }, editForm)],
      [/\/registry\/docTypes\/EX02\/form\?/, exportByAction],
      ...baseRoutes(() => view({})),
    ];
    await open('/form?docType=EX02&action=new');
    await waitFor(() => $('[data-form-ready="true"]'));
    await typeInto('#root_head_description', '上海出差');
    await settle();
    const asked = callsTo('/docTypes/EX02/form').map((c) => new URL(c.url, 'http://x').searchParams.get('action'));
    expect(asked).toEqual(['new', 'edit']);

    let before = m!.calls.length;
    await click('[data-button="save"]');
    await waitFor(() => $('[data-business-id="EX02T1"]') && toolbar().includes('submit'));
    await settle();
    expect(formCalls(before).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/galaxyform/yx/ap/head/create']);

    await typeInto('#root_head_description', '上海出差（二）');
    await settle();
    before = m!.calls.length;
    await click('[data-button="save"]');
    await waitFor(() => $('[data-business-id="EX02T1"]')?.parentElement?.textContent?.includes('版本: 2'));
    await settle();
    expect(formCalls(before).map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /api/galaxyform/yx/ap/head/update']);
  });

  it('saves temporarily with tempSave=1', async () => {
    routes = [[/\/head\/create\?/, (call) => okForm({ ...call.body, head: { ...call.body.head, businessId: 'EX02T1', version: 1, schemaVersion: 1 } }, createdForm)], ...baseRoutes(() => view({}))];
    await open('/form?docType=EX02&action=new');
    await waitFor(() => $('[data-form-ready="true"]'));
    await click('[data-button="tempSave"]');
    await waitFor(() => callsTo('/head/create').length === 1);
    const q = new URL(callsTo('/head/create')[0].url, 'http://x').searchParams;
    expect([q.get('action'), q.get('tempSave')]).toEqual(['new', '1']);
    await waitFor(() => $('[data-notice="saved"]'));
    expect($('[data-notice="saved"]')?.textContent).toContain('暂存成功');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import i18n from '../i18n';
import WorklistPage from './WorklistPage';
import { $, click, expectQuiet, mount, ok, refusal, typeInto, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import type { WorklistItem, WorklistRequest } from '../api/worklist';
import { worklistItem } from '../__fixtures__/wire';

const item = (n: number, over: Partial<WorklistItem> = {}): WorklistItem =>
  worklistItem({
  businessId: `EX0220261122${String(n).padStart(4, '0')}`,
  docType: 'EX02',
  docTypeTxt: '员工报销',
  family: 'ap',
  applicant: 'employee01',
  applicantTxt: '张三',
  amount: 1234.5 * n,
  status: 'inApproval',
  statusTxt: '审批中',
  description: `出差 ${n}`,
  createAt: '2026-11-22 09:00:00',
  taskId: 100 + n,
  step: 'task1',
  stepTxt: '一级审批',
  receivedAt: '2026-11-22 09:10:00',
  ...over,
  });

let m: Mounted | undefined;
let total: number;
let completed: Call[];
let completeAnswer: () => ReturnType<typeof ok>;

const queries = () => m!.calls.filter((c) => c.path === '/api/galaxyform/worklist/query').map((c) => c.body as WorklistRequest);

let recalled: Call[];
let itemOver: Partial<WorklistItem>;

async function open(list: 'todo' | 'draft' | 'done' | 'returned' | 'recall') {
  m = await mount({ '/list': <WorklistPage list={list} /> }, '/list', (call) => {
    if (call.path === '/api/formwork/registry/editions') return ok([{ key: 'form', default: true }]);
    if (call.path === '/api/formwork/registry/docTypes')
      return ok([
        { docType: 'EX02', family: 'ap', version: 1, edition: 'form', title: { zh: '员工报销' } },
        { docType: 'EX05', family: 'ap', version: 1, edition: 'form', title: { zh: '还款' } },
      ]);
    if (call.path === '/api/galaxyform/worklist/query') {
      const body = call.body as WorklistRequest;
      const start = (body.currentPage - 1) * body.pageSize;
      const list = Array.from({ length: Math.max(0, Math.min(body.pageSize, total - start)) }, (_, i) => item(start + i + 1, itemOver));
      return ok({ list, total, pageSize: body.pageSize, currentPage: body.currentPage });
    }
    if (call.path === '/api/galaxyform/process/recall') {
      recalled.push(call);
      return ok({ businessId: 'x' });
    }
    if (call.path === '/api/galaxyform/process/complete') {
      completed.push(call);
      return completeAnswer();
    }
    return undefined;
  });
  await waitFor(() => $('[data-worklist-table][data-loaded="true"]'));
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  total = 3;
  completed = [];
  recalled = [];
  itemOver = {};
  completeAnswer = () => ok({ businessId: 'x' });
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
});

describe('WorklistPage', () => {
  it('asks for page 1 of 10 of its list and shows the rows with links into the form', async () => {
    await open('todo');
    expect(queries()[0]).toEqual({ list: 'todo', pageSize: 10, currentPage: 1 });
    expect($('[data-list-title]')?.textContent).toBe('我的待办');
    const rows = document.querySelectorAll('[data-worklist-table] tbody tr[data-row]');
    expect(rows).toHaveLength(3);
    const first = rows[0];
    expect(first.querySelector('[data-cell="amount"]')?.textContent).toBe('1,234.50');
    expect(first.querySelector('[data-cell="step"]')?.textContent).toBe('一级审批');
    expect(first.querySelector('[data-open]')?.getAttribute('href')).toBe('/form?docType=EX02&businessId=EX02202611220001&action=oareview');
  });

  it('applies a quick range at once, shows its dates, and sends quickRange', async () => {
    await open('draft');
    await click('[data-quick-range="7"]');
    await waitFor(() => queries().length === 2);
    expect(queries()[1]).toEqual({ list: 'draft', quickRange: 7, pageSize: 10, currentPage: 1 });
    const from = $<HTMLInputElement>('#worklist-createAtFrom')!.value;
    const to = $<HTMLInputElement>('#worklist-createAtTo')!.value;
    expect(from).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(7);
  });

  it('queries by business id and dates typed, and resets', async () => {
    await open('draft');
    await typeInto('#worklist-businessId', 'EX0220261122');
    await typeInto('#worklist-createAtFrom', '2026/11/1');
    await click('[data-action="worklist-query"]');
    await waitFor(() => queries().length === 2);
    expect(queries()[1]).toEqual({ list: 'draft', businessId: 'EX0220261122', createAtFrom: '2026-11-01', pageSize: 10, currentPage: 1 });
    await click('[data-action="worklist-reset"]');
    await waitFor(() => queries().length === 3);
    expect(queries()[2]).toEqual({ list: 'draft', pageSize: 10, currentPage: 1 });
    expect($<HTMLInputElement>('#worklist-businessId')!.value).toBe('');
  });

  it('pages through the list', async () => {
    total = 23;
    await open('draft');
    expect(document.querySelectorAll('[data-worklist-table] tbody tr[data-row]')).toHaveLength(10);
    expect($('[data-worklist-pagination]')?.textContent).toContain('第 1–10 条，共 23 条');
    await click('[data-worklist-pagination] button[aria-label="下一页"]');
    await waitFor(() => queries().some((q) => q.currentPage === 2));
    await waitFor(() => $('[data-worklist-table][data-loaded="true"] tr[data-row="EX02202611220011"]'));
    await click('[data-worklist-pagination] button[aria-label="最后一页"]');
    await waitFor(() => queries().some((q) => q.currentPage === 3));
    await waitFor(() => document.querySelectorAll('[data-worklist-table][data-loaded="true"] tr[data-row]').length === 3);
  });

  it('approves from the to-do list with a comment, and reads the list again', async () => {
    await open('todo');
    await click('tr[data-row="EX02202611220002"] [data-row-action="approve"]');
    await waitFor(() => $('[data-dialog="comment"][data-action="approve"]'));
    await typeInto('#process-comment', '同意');
    await click('[data-action="confirm-comment"]');
    await waitFor(() => completed.length === 1);
    expect(completed[0].body).toEqual({ businessId: 'EX02202611220002', taskId: 102, result: 'approve', comment: '同意' });
    await waitFor(() => $('[data-notice="lifecycle"]'));
    await waitFor(() => queries().length === 2);
  });

  it('shows the refusal of a reject in its dialog', async () => {
    completeAnswer = () => refusal(400, 'EINVALID', 'comment: 驳回时必须填写意见');
    await open('todo');
    await click('tr[data-row="EX02202611220001"] [data-row-action="reject"]');
    await click(await waitFor(() => $('[data-dialog="comment"] [data-action="confirm-comment"]')));
    const error = await waitFor(() => $('[data-dialog="comment"] [data-error="comment"]'));
    expect(error.textContent).toContain('驳回时必须填写意见');
    await act(async () => undefined);
  });

  it('shows the result and time of decisions in my completed', async () => {
    total = 1;
    await open('done');
    const header = [...document.querySelectorAll('[data-worklist-table] thead th')].map((th) => th.textContent);
    expect(header).toContain('处理结果');
    expect(header).toContain('处理时间');
    expect($('[data-worklist-table] [data-row-action]')).toBeNull();
  });

  it('shows in my returned documents why each was returned and by whom', async () => {
    total = 1;
    itemOver = { status: 'returned', statusTxt: '已退回', rejectReason: '请补充住宿发票', rejectBy: 'manager01', rejectByTxt: '李四' };
    await open('returned');
    const header = [...document.querySelectorAll('[data-worklist-table] thead th')].map((th) => th.textContent);
    expect(header).toContain('驳回原因');
    expect(header).toContain('驳回人');
    expect($('[data-cell="rejectReason"]')?.textContent).toBe('请补充住宿发票');
    expect($('[data-cell="rejectBy"]')?.textContent).toBe('李四');
  });

  it('recalls from MY00006 with an optional comment and the version seen, and reads the list again', async () => {
    itemOver = { version: 2, taskId: undefined };
    await open('recall');
    expect(queries()[0]).toEqual({ list: 'recall', pageSize: 10, currentPage: 1 });
    expect($('[data-list-title]')?.textContent).toBe('撤销单据');
    expect($('tr[data-row] [data-row-action="approve"]')).toBeNull();
    await click('tr[data-row="EX02202611220003"] [data-row-action="recall"]');
    await waitFor(() => $('[data-dialog="comment"][data-action="recall"]'));
    await click('[data-action="confirm-comment"]');
    await waitFor(() => recalled.length === 1);
    expect(recalled[0].body).toEqual({ businessId: 'EX02202611220003', version: 2, comment: '' });
    expect((await waitFor(() => $('[data-notice="lifecycle"]'))).textContent).toBe('已撤回');
    await waitFor(() => queries().length === 2);
  });
});

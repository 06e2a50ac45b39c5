// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import ProcessHistory, { orderedTasks, personText, statusColor, transitionText } from './ProcessHistory';
import type { ProcessView } from '../api/process';
import { processEvent, processTask, processView } from '../__fixtures__/wire';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const approved: ProcessView = processView({
  businessId: 'EX02202611220001',
  status: 'approved',
  statusTxt: '已审批',
  processId: 'EX02202611220001-1',
  tasks: [
    processTask({
      taskId: 8,
      seq: 2,
      step: 'task2',
      stepTxt: '二级审批',
      assignee: 'finance01',
      assigneeTxt: '王五',
      status: 'done',
      completeBy: 'finance01',
      completeByTxt: '王五',
      completeAt: '2026-11-22 11:00:00',
      taskReult: 'approve',
      taskReultTxt: '同意',
      taskReultComment: '',
    }),
    processTask({
      taskId: 7,
      seq: 1,
      step: 'task1',
      stepTxt: '一级审批',
      assignee: 'manager01',
      assigneeTxt: '李四',
      status: 'done',
      completeBy: 'employee01',
      completeByTxt: '张三',
      completeAt: '2026-11-22 10:00:00',
      taskReult: 'approve',
      taskReultTxt: '同意',
      taskReultComment: '同意报销\n注意发票',
    }),
  ],
  events: [
    processEvent({ at: '2026-11-22 09:00:00', by: 'employee01', byTxt: '张三', from: '', to: 'draft', toTxt: '草稿', action: 'create', actionTxt: '创建', comment: '' }),
    processEvent({ at: '2026-11-22 09:10:00', by: 'employee01', byTxt: '张三', from: 'draft', fromTxt: '草稿', to: 'inApproval', toTxt: '审批中', action: 'submit', actionTxt: '提交', comment: '请审批' }),
    processEvent({ at: '2026-11-22 10:00:00', by: 'employee01', byTxt: '张三', from: 'inApproval', fromTxt: '审批中', to: 'inApproval', toTxt: '审批中', action: 'approve', actionTxt: '同意', comment: '同意报销', taskId: 7 }),
    processEvent({ at: '2026-11-22 11:00:00', by: 'finance01', byTxt: '王五', from: 'inApproval', fromTxt: '审批中', to: 'approved', toTxt: '已审批', action: 'approve', actionTxt: '同意', comment: '', taskId: 8 }),
  ],
});

let root: Root;
let container: HTMLDivElement;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);

describe('ProcessHistory', () => {
  it('shows the state and each completed task with completeBy, completeAt, taskReult and taskReultComment, in route order', async () => {
    await act(async () => root.render(<ProcessHistory view={approved} />));
    expect(container.querySelector('[data-process-status="approved"]')?.textContent).toBe('已审批');
    expect(container.textContent).toContain('EX02202611220001-1');
    const rows = [...container.querySelectorAll('[data-history-tasks] tbody tr')];
    expect(rows.map((r) => r.getAttribute('data-task'))).toEqual(['7', '8']);
    // A delegate completed task 7 for 李四: both are shown.
    expect(cells(rows[0])).toEqual(['一级审批', '李四 (manager01)', '已处理', '张三 (employee01)', '2026-11-22 10:00:00', '同意', '同意报销\n注意发票']);
    expect(rows[1].querySelector('[data-cell="taskReultComment"]')?.textContent).toBe('');
  });

  it('lists every event with its state change and comment', async () => {
    await act(async () => root.render(<ProcessHistory view={approved} />));
    const rows = [...container.querySelectorAll('[data-history-events] tbody tr')];
    expect(rows.map((r) => r.getAttribute('data-event'))).toEqual(['create', 'submit', 'approve', 'approve']);
    expect(cells(rows[1])).toEqual(['2026-11-22 09:10:00', '张三 (employee01)', '提交', '草稿 → 审批中', '请审批']);
    expect(cells(rows[0])[3]).toBe('草稿');
    expect(cells(rows[2])[3]).toBe('审批中');
  });

  it('says so when nothing was submitted yet, and shows open and pending tasks without results', async () => {
    const draft = processView({ businessId: 'X', status: 'draft', statusTxt: '草稿', tasks: [], events: [] });
    await act(async () => root.render(<ProcessHistory view={draft} />));
    expect(container.querySelector('[data-history-tasks="empty"]')?.textContent).toBe('尚未提交审批。');
    const open = processView({
      businessId: 'X',
      status: 'inApproval',
      tasks: [
        processTask({ taskId: 1, seq: 1, stepTxt: '一级审批', assignee: 'manager01', assigneeTxt: '李四', status: 'open' }),
        processTask({ taskId: 2, seq: 2, stepTxt: '补充资料', assignee: 'employee01', assigneeTxt: '张三', status: 'pending', request: '请补充发票' }),
      ],
    });
    await act(async () => root.render(<ProcessHistory view={open} />));
    const rows = [...container.querySelectorAll('[data-history-tasks] tbody tr')];
    expect(cells(rows[0])).toEqual(['一级审批', '李四 (manager01)', '待处理', '', '', '', '']);
    expect(cells(rows[1])[6]).toBe('要求: 请补充发票');
  });

  it('follows the interface language for its own labels', async () => {
    await i18n.changeLanguage('en');
    await act(async () => root.render(<ProcessHistory view={approved} />));
    expect(container.textContent).toContain('Approval history');
    expect(container.textContent).toContain('Completed by');
  });
});

describe('history helpers', () => {
  it('name people, state changes, colours and order', () => {
    expect(personText('李四', 'manager01')).toBe('李四 (manager01)');
    expect(personText('', 'manager01')).toBe('manager01');
    expect(personText('admin', 'admin')).toBe('admin');
    expect(transitionText(processEvent({ from: 'draft', fromTxt: '草稿', to: 'inApproval', toTxt: '审批中' }))).toBe('草稿 → 审批中');
    expect(transitionText(processEvent({ from: 'returned', to: 'returned' }))).toBe('returned');
    expect(statusColor('approved')).toBe('success');
    expect(statusColor('returned')).toBe('warning');
    expect(statusColor('draft')).toBe('default');
    expect(orderedTasks([processTask({ taskId: 3, seq: 2 }), processTask({ taskId: 1, seq: 1 }), processTask({ taskId: 2, seq: 2 })]).map((t) => t.taskId)).toEqual([1, 2, 3]);
  });
});

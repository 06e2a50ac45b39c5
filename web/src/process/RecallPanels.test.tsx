// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import type { BudgetPreviewLine } from '../api/process';
import BudgetPanel, { lineOutcome, nodeText } from './BudgetPanel';
import RejectionBanner from './RejectionBanner';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

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

const strongMessage = '预算1000/IT01/660201/2026-11不足：可用1000.00，本单占用1380.00（强控制，不能提交）';

function line(over: Partial<BudgetPreviewLine>): BudgetPreviewLine {
  return {
    companyCode: '1000',
    department: 'IT01',
    budgetAccount: '660201',
    project: '',
    period: '2026-11',
    budgeted: true,
    control: 'strong',
    amount: 1000,
    available: 1000,
    draw: 1380,
    exceeds: false,
    ...over,
  } as BudgetPreviewLine;
}

describe('RejectionBanner', () => {
  it('shows the reason, who rejected and when at the top of a returned document', async () => {
    await act(async () => root.render(<RejectionBanner returned={{ reason: '请补充住宿发票', by: 'manager01', byTxt: '李四', at: '2026-11-24 09:55:00' }} />));
    expect(container.querySelector('[data-banner="returned"]')).not.toBeNull();
    expect(container.querySelector('[data-returned-reason]')?.textContent).toBe('驳回原因：请补充住宿发票');
    expect(container.querySelector('[data-returned-by="manager01"]')?.textContent).toBe('李四 于 2026-11-24 09:55:00 驳回');
  });

  it('says so when no reason was given, in the interface language', async () => {
    await i18n.changeLanguage('en');
    await act(async () => root.render(<RejectionBanner returned={{ reason: '', by: 'manager01', byTxt: '', at: '2026-11-24 09:55:00' }} />));
    expect(container.querySelector('[data-returned-reason]')?.textContent).toBe('Reason：(no reason given)');
    expect(container.querySelector('[data-returned-by]')?.textContent).toBe('Returned by manager01 at 2026-11-24 09:55:00');
  });

  it('shows nothing for any other document', async () => {
    await act(async () => root.render(<RejectionBanner returned={undefined} />));
    expect(container.innerHTML).toBe('');
  });
});

describe('BudgetPanel', () => {
  it("shows per draw the node, what is available, the draw and the submit's own words when it would exceed", async () => {
    const preview = {
      lines: [
        line({ exceeds: true, severity: 'error', rule: 'budget.strong', message: strongMessage }),
        line({ budgetAccount: '660202', budgeted: false, control: '', available: 0, draw: 1078.5 }),
      ],
    };
    await act(async () => root.render(<BudgetPanel preview={preview} />));
    const rows = [...container.querySelectorAll('[data-budget-line]')];
    expect(rows.map((r) => r.getAttribute('data-budget-line'))).toEqual(['660201', '660202']);
    expect([...rows[0].querySelectorAll('td')].map((c) => c.textContent)).toEqual(['1000/IT01/660201/2026-11', '660201 · 强控制', '1,000.00', '1,380.00', '超出预算']);
    expect(rows[0].getAttribute('data-severity')).toBe('error');
    expect([...rows[1].querySelectorAll('td')].map((c) => c.textContent)).toEqual(['1000/IT01/660202/2026-11', '660202', '—', '1,078.50', '无预算']);
    expect(container.querySelector('[data-budget-message="error"]')?.textContent).toBe(strongMessage);
  });

  it('shows nothing when the document draws on no budget', async () => {
    await act(async () => root.render(<BudgetPanel preview={{ lines: [] }} />));
    expect(container.innerHTML).toBe('');
    await act(async () => root.render(<BudgetPanel preview={null} />));
    expect(container.innerHTML).toBe('');
  });

  it('tells strong (error), weak (warning: the submit asks), within, uncontrolled and unbudgeted draws apart', () => {
    expect(lineOutcome(line({ exceeds: true, severity: 'error', message: 'x' }))).toEqual({ severity: 'error', key: null, message: 'x' });
    expect(lineOutcome(line({ exceeds: true, severity: 'confirm', message: 'y，是否继续？' }))).toEqual({ severity: 'warning', key: null, message: 'y，是否继续？' });
    expect(lineOutcome(line({ draw: 10 })).key).toBe('recall.budget.ok');
    expect(lineOutcome(line({ control: 'none', exceeds: true })).key).toBe('recall.budget.notControlled');
    expect(lineOutcome(line({ budgeted: false })).key).toBe('recall.budget.noBudget');
    expect(nodeText(line({ project: 'P1' }))).toBe('1000/IT01/660201/P1/2026-11');
  });
});

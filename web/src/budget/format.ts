// What the budget pages compute for show: a node's name, usage, the route of a menu entry.
import type { Budget, Totals } from './api';

/** 1000/SAL02/660201/2026-11, with the project before the period when there is one (as the server names a budget). */
export function nodeText(b: Pick<Budget, 'companyCode' | 'department' | 'budgetAccount' | 'project' | 'period'>): string {
  return [b.companyCode, b.department, b.budgetAccount, ...(b.project ? [b.project] : []), b.period].join('/');
}

/** How much of the amount is used (occupied + consumed), in percent with one decimal; null when the amount is 0. */
export function usagePercent(t: Pick<Totals, 'amount' | 'occupied' | 'consumed'>): number | null {
  if (!t.amount) return null;
  // in cents, so that 0.1 + 0.2 does not drift
  const used = Math.round(t.occupied * 100) + Math.round(t.consumed * 100);
  return Math.round((used * 1000) / Math.round(t.amount * 100)) / 10;
}

/** The usage as text: 12.5%, or — without an amount. */
export function usageText(t: Pick<Totals, 'amount' | 'occupied' | 'consumed'>): string {
  const p = usagePercent(t);
  return p === null ? '—' : `${p.toFixed(1)}%`;
}

/** The amount after a change, in cents so that it is exact; null while the change is no number. */
export function amountAfter(amount: number, delta: number | null | undefined): number | null {
  if (delta === null || delta === undefined) return null;
  return (Math.round(amount * 100) + Math.round(delta * 100)) / 100;
}

/** The pages of the /budget menu entries that are not master-data lists. */
export type BudgetPageKind = 'table' | 'query' | 'occupancy' | 'log' | 'adjust' | 'import' | 'confirmation' | 'departmental';

export const budgetPages: Record<string, BudgetPageKind> = {
  '/budget/budgetTable': 'table',
  '/budget/Query': 'query',
  '/budget/costCenterGroup': 'occupancy',
  '/budget/bgtLog': 'log',
  '/budget/budgetAdjust': 'adjust',
  '/budget/Import': 'import',
  '/budget/Confirmation': 'confirmation',
  '/budget/Departmental': 'departmental',
};

/** The route of a form that opens a stored document read-only. */
export function documentHref(docType: string, businessId: string): string {
  return `/form?${new URLSearchParams({ docType, businessId, action: 'read' })}`;
}

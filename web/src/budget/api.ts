// The budget pages' calls (adapters/httpapi/budgetapi and the spec's budget/save).
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiBlob, apiCall, type DownloadedFile } from '../api/client';
import { apiUpload } from '../api/upload';
import { XLSX_TYPE } from '../masterdata/api';

export const BUDGET_API = '/api/formwork/budget';

export type Control = 'strong' | 'weak' | 'none';

/** A budget as the table lists it: amount is the confirmed amount control reads; pending waits for confirmation. */
export interface Budget {
  id: number;
  companyCode: string;
  department: string;
  budgetAccount: string;
  budgetAccountTxt: string;
  project: string;
  period: string;
  amount: number;
  occupied: number;
  consumed: number;
  available: number;
  control: Control;
  updateBy: string;
  updatedAt: string;
  pending: number | null;
  pendingKind: string;
  pendingBy: string;
  pendingReason: string;
  pendingAt: string | null;
}

export interface Totals {
  count: number;
  amount: number;
  occupied: number;
  consumed: number;
  available: number;
}

export interface BudgetTablePage {
  rows: Budget[];
  total: number;
  totals: Totals;
}

/** What selects budgets: each blank criterion matches anything. */
export interface BudgetFilter {
  companyCode?: string;
  department?: string;
  budgetAccount?: string;
  project?: string;
  period?: string;
  control?: string;
}

export interface BudgetListQuery extends BudgetFilter {
  pending?: boolean;
  sort?: string;
  page: number;
  pageSize: number;
}

/** What one document holds of one budget. */
export interface Entry {
  budgetId: number;
  companyCode: string;
  department: string;
  budgetAccount: string;
  project: string;
  period: string;
  budgetStatus: string;
  occupied: number;
  consumed: number;
  released: number;
  businessId: string;
  docType: string;
  status: string;
  updatedAt: string;
}

/** A movement of the budget log. */
export interface Movement {
  id: number;
  budgetId: number;
  companyCode: string;
  department: string;
  budgetAccount: string;
  project: string;
  period: string;
  businessId: string;
  docType: string;
  kind: string;
  amount: number;
  at: string;
  actor: string;
  reason: string;
  pending: boolean;
}

export interface DepartmentSum extends Totals {
  companyCode: string;
  department: string;
  departmentTxt: string;
  period: string;
}

export interface Imported {
  created: number;
  lowered: number;
  raised: number;
  unchanged: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** The query string of a filter and more parameters (blank ones left out). */
export function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '' || v === false) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const budgetsQuery = (q: BudgetListQuery) =>
  queryOptions({
    queryKey: ['budget', 'budgets', q],
    queryFn: ({ signal }) => apiCall<BudgetTablePage>('GET', `${BUDGET_API}/budgets${queryString({ ...q })}`, undefined, signal),
    staleTime: 0,
    retry: false,
  });

export const entriesQuery = (q: BudgetFilter & { budgetId?: number; businessId?: string; holding?: boolean; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['budget', 'entries', q],
    queryFn: ({ signal }) => apiCall<Page<Entry>>('GET', `${BUDGET_API}/entries${queryString({ ...q })}`, undefined, signal),
    staleTime: 0,
    retry: false,
  });

export const movementsQuery = (q: BudgetFilter & { budgetId?: number; businessId?: string; kind?: string; actor?: string; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['budget', 'movements', q],
    queryFn: ({ signal }) => apiCall<Page<Movement>>('GET', `${BUDGET_API}/movements${queryString({ ...q })}`, undefined, signal),
    staleTime: 0,
    retry: false,
  });

export const departmentalQuery = (q: BudgetFilter, lang: string) =>
  queryOptions({
    queryKey: ['budget', 'departmental', q, lang],
    queryFn: ({ signal }) => apiCall<DepartmentSum[]>('GET', `${BUDGET_API}/departmental${queryString({ ...q })}`, undefined, signal),
    staleTime: 0,
    retry: false,
  });

/** A budget to add (no id) or change (id: amount and control) through the spec's save. */
export interface BudgetInput {
  id?: number;
  companyCode: string;
  department: string;
  budgetAccount: string;
  project: string;
  period: string;
  amount: number | null;
  control: Control;
}

export const saveBudget = (input: BudgetInput) => apiCall<Budget>('POST', '/api/galaxyform/budget/save', input);

export const adjustBudget = (input: { id: number; delta: number | null; reason: string }) => apiCall<Budget>('POST', `${BUDGET_API}/adjust`, input);

export const decideBudget = (input: { id: number; confirm: boolean; reason: string }) => apiCall<Budget>('POST', `${BUDGET_API}/decide`, input);

export const downloadBudgets = (filter: BudgetFilter): Promise<DownloadedFile> =>
  apiBlob(`${BUDGET_API}/export.xlsx${queryString({ ...filter })}`, XLSX_TYPE);

/** POST the workbook as the body; a refusal is ApiError (422: data.findings with each bad row). */
export const uploadBudgets = (file: Blob): Promise<Imported> => apiUpload<Imported>(`${BUDGET_API}/import`, file, { contentType: XLSX_TYPE });

/** The field a refusal names (data.findings[0].path), '' when none. */
export function refusedField(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  const data = error.data as { findings?: Array<{ path?: string }> } | null;
  return data?.findings?.[0]?.path ?? '';
}

import type { DocumentFilters, DocumentQueryBody, QuickRangeName, SortField } from './api';

// What the form-list page holds (search text, filters, order, page) and the body of
// POST /api/formwork/documents/query it makes. The server checks every value; the page
// only leaves blanks out and keeps the page in range.

/** Navigation-and-access.md 9: 10 a page, page 1. */
export const DEFAULT_PAGE_SIZE = 10;
export const pageSizes = [10, 20, 50, 100];

/** The quick date ranges the page offers: this month, last month, this year, and the spec's last 7 and 30 days. */
export const quickRanges: readonly QuickRangeName[] = ['thisMonth', 'lastMonth', 'thisYear', 'week', 'month'];

/** The columns a person may sort by (the server's whitelist). */
export const sortableColumns: readonly SortField[] = [
  'businessId', 'docType', 'subType', 'status', 'applicant', 'companyCode', 'department', 'amount', 'description', 'createAt',
];

export interface ListFilters {
  subType: string;
  status: string[];
  companyCode: string;
  department: string;
  applicant: string;
  /** Creation dates yyyy-MM-dd, both included; '' for open. */
  dateFrom: string;
  dateTo: string;
  /** A quick range in force ('' for none): the server reads it by its own clock; the dates show it. */
  quickRange: QuickRangeName | '';
  amountFrom: string;
  amountTo: string;
}

export interface ListState {
  q: string;
  filters: ListFilters;
  sort: { field: SortField; order: 'asc' | 'desc' };
  page: number;
  pageSize: number;
}

export const emptyFilters: ListFilters = {
  subType: '', status: [], companyCode: '', department: '', applicant: '', dateFrom: '', dateTo: '', quickRange: '', amountFrom: '', amountTo: '',
};

export const initialState: ListState = { q: '', filters: emptyFilters, sort: { field: 'createAt', order: 'desc' }, page: 1, pageSize: DEFAULT_PAGE_SIZE };

/** A local calendar day as yyyy-MM-dd. */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The days a quick range covers, for the date fields (the server decides by its clock). */
export function quickRangeDays(range: QuickRangeName, today: Date = new Date()): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  switch (range) {
    case 'thisMonth':
      return { from: isoDay(new Date(y, m, 1)), to: isoDay(new Date(y, m + 1, 0)) };
    case 'lastMonth':
      return { from: isoDay(new Date(y, m - 1, 1)), to: isoDay(new Date(y, m, 0)) };
    case 'thisYear':
      return { from: isoDay(new Date(y, 0, 1)), to: isoDay(new Date(y, 11, 31)) };
    case 'day':
      return { from: isoDay(new Date(y, m, d - 1)), to: isoDay(today) };
    case 'week':
      return { from: isoDay(new Date(y, m, d - 7)), to: isoDay(today) };
    case 'month':
      return { from: isoDay(new Date(y, m, d - 30)), to: isoDay(today) };
    case 'quarter':
      return { from: isoDay(new Date(y, m, d - 90)), to: isoDay(today) };
  }
}

/** The state with a quick range chosen (its days shown in the date fields), from page 1. */
export function withQuickRange(s: ListState, range: QuickRangeName, today: Date = new Date()): ListState {
  const { from, to } = quickRangeDays(range, today);
  return { ...s, page: 1, filters: { ...s.filters, quickRange: range, dateFrom: from, dateTo: to } };
}

/** The state with filters changed (a date typed ends the quick range), from page 1. */
export function withFilters(s: ListState, change: Partial<ListFilters>): ListState {
  const dates = 'dateFrom' in change || 'dateTo' in change;
  return { ...s, page: 1, filters: { ...s.filters, ...change, ...(dates && !('quickRange' in change) ? { quickRange: '' as const } : {}) } };
}

/** The state searching text, from page 1. */
export function withSearch(s: ListState, q: string): ListState {
  return { ...s, q, page: 1 };
}

/** A click on a column header: that column ascending, a second click descending; from page 1. */
export function toggleSort(s: ListState, field: SortField): ListState {
  const order = s.sort.field === field && s.sort.order === 'asc' ? 'desc' : 'asc';
  return { ...s, page: 1, sort: { field, order } };
}

/** The last page of total rows (1 when there are none). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The body of the query of a document type's list ('' for every type) in state s. Blanks are left out. */
export function buildDocumentQuery(docType: string, s: ListState): DocumentQueryBody {
  const body: DocumentQueryBody = {
    page: s.page > 0 ? s.page : 1,
    pageSize: s.pageSize > 0 ? s.pageSize : DEFAULT_PAGE_SIZE,
    sort: s.sort,
  };
  if (docType) body.docType = docType;
  const q = s.q.trim();
  if (q) body.q = q;
  const f = s.filters;
  const filters: DocumentFilters = {};
  for (const key of ['subType', 'companyCode', 'department', 'applicant', 'amountFrom', 'amountTo'] as const) {
    const v = f[key].trim();
    if (v) filters[key] = v;
  }
  if (f.status.length > 0) filters.status = [...f.status];
  if (f.quickRange) {
    filters.quickRange = f.quickRange;
  } else {
    if (f.dateFrom.trim()) filters.dateFrom = f.dateFrom.trim();
    if (f.dateTo.trim()) filters.dateTo = f.dateTo.trim();
  }
  if (Object.keys(filters).length > 0) body.filters = filters;
  return body;
}

/** How many filters are set (the search text aside), for the filter button's badge. */
export function activeFilterCount(f: ListFilters): number {
  let n = 0;
  for (const key of ['subType', 'companyCode', 'department', 'applicant', 'amountFrom', 'amountTo'] as const) if (f[key].trim()) n++;
  if (f.status.length > 0) n++;
  if (f.quickRange || f.dateFrom || f.dateTo) n++;
  return n;
}

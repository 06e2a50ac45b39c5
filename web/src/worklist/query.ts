import type { QuickRange, WorklistKind, WorklistRequest } from '../api/worklist';

/** The quick creation-date ranges offered (documents.md 9): last day, 7, 30 and 90 days. */
export const quickRanges: readonly QuickRange[] = [1, 7, 30, 90];

/** Worklist default paging (navigation-and-access.md 9): 10 a page, page 1. */
export const DEFAULT_PAGE_SIZE = 10;
export const pageSizes = [10, 20, 50, 100];

/** What the filter bar holds. */
export interface WorklistFilters {
  /** Document types; none: every type. */
  types: string[];
  /** A business id or its beginning. */
  businessId: string;
  /** Creation dates, yyyy-MM-dd, both days included; '' for open. */
  createAtFrom: string;
  createAtTo: string;
  /** A quick range in force (its dates shown in the date fields); 0 for none. */
  quickRange: QuickRange | 0;
}

export const emptyFilters: WorklistFilters = { types: [], businessId: '', createAtFrom: '', createAtTo: '', quickRange: 0 };

export interface Paging {
  currentPage: number;
  pageSize: number;
}

export const firstPage: Paging = { currentPage: 1, pageSize: DEFAULT_PAGE_SIZE };

/** A local calendar day as yyyy-MM-dd. */
export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The creation dates a quick range covers, for the date fields: from `days` days before
 * today to today (last day: yesterday and today; 7 days: a week ago to today).
 */
export function quickRangeDates(days: QuickRange, today: Date = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  return { from: isoDay(from), to: isoDay(today) };
}

/** The filters with a quick range chosen: its dates in the date fields. */
export function withQuickRange(filters: WorklistFilters, days: QuickRange, today: Date = new Date()): WorklistFilters {
  const { from, to } = quickRangeDates(days, today);
  return { ...filters, quickRange: days, createAtFrom: from, createAtTo: to };
}

/** The filters with a date typed or picked: the quick range no longer holds. */
export function withDates(filters: WorklistFilters, dates: { createAtFrom?: string; createAtTo?: string }): WorklistFilters {
  return { ...filters, ...dates, quickRange: 0 };
}

/**
 * The body of POST /api/galaxyform/worklist/query for a list, its filters and page.
 * Blank filters are left out. A quick range is sent as `quickRange` alone: the server
 * counts the days back from its own clock, so a browser in another time zone (or with
 * a wrong clock) still gets what the range means; the dates it shows are for reading.
 * Dates typed or picked go as createAtFrom / createAtTo.
 */
export function buildWorklistQuery(list: WorklistKind, filters: WorklistFilters, paging: Paging = firstPage): WorklistRequest {
  const body: WorklistRequest = {
    list,
    pageSize: paging.pageSize > 0 ? paging.pageSize : DEFAULT_PAGE_SIZE,
    currentPage: paging.currentPage > 0 ? paging.currentPage : 1,
  };
  const businessId = filters.businessId.trim();
  if (businessId) body.businessId = businessId;
  const types = [...new Set(filters.types.map((t) => t.trim()).filter(Boolean))];
  if (types.length > 0) body.types = types;
  if (filters.quickRange) {
    body.quickRange = filters.quickRange;
  } else {
    if (filters.createAtFrom.trim()) body.createAtFrom = filters.createAtFrom.trim();
    if (filters.createAtTo.trim()) body.createAtTo = filters.createAtTo.trim();
  }
  return body;
}

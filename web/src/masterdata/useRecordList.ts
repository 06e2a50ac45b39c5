import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecordQuery } from './api';
import { recordsQuery } from './queries';
import { useDebounced } from './useDebounced';

/** How long the search box waits after the last keystroke before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export const PAGE_SIZES = [10, 20, 50, 100];

/** The active filter: every record, only active ones, only inactive ones. */
export type ActiveFilter = 'all' | 'true' | 'false';

export interface ListFilters {
  search: string;
  company: string;
  active: ActiveFilter;
}

/** What the page's controls hold, as the records call asks it. */
export function listQuery(filters: ListFilters, sort: string, page: number, pageSize: number): RecordQuery {
  return {
    q: filters.search.trim() || undefined,
    company: filters.company || undefined,
    active: filters.active === 'all' ? undefined : filters.active === 'true',
    sort: sort || undefined,
    page,
    pageSize,
  };
}

/**
 * The list of one type: search (asked SEARCH_DEBOUNCE_MS after the last keystroke),
 * company and active filters (every record at first), sort and paging. A change of
 * search, filter or sort goes back to the first page.
 */
export function useRecordList(type: string) {
  const { i18n } = useTranslation();
  const [filters, setFilters] = useState<ListFilters>({ search: '', company: '', active: 'all' });
  const [sort, setSort] = useState('');
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const search = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  // The page chosen for one search; another search starts at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (p: number) => setPaging({ search, page: p });
  const query = listQuery({ ...filters, search }, sort, page, pageSize);
  const records = useQuery({ ...recordsQuery(type, query, i18n.language), enabled: Boolean(type) });
  return {
    filters,
    sort,
    page,
    pageSize,
    records,
    setFilters: (next: ListFilters) => {
      setFilters(next);
      if (next.company !== filters.company || next.active !== filters.active) setPage(1);
    },
    setSort: (next: string) => {
      setSort(next);
      setPage(1);
    },
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
  };
}

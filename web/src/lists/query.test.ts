import { describe, expect, it } from 'vitest';
import {
  activeFilterCount, buildDocumentQuery, initialState, lastPage, quickRangeDays, toggleSort, withFilters, withQuickRange, withSearch,
} from './query';

describe('the form-list query', () => {
  it('leaves blanks out and sends the page, its size and the order', () => {
    expect(buildDocumentQuery('EX02', initialState)).toEqual({ docType: 'EX02', page: 1, pageSize: 10, sort: { field: 'createAt', order: 'desc' } });
    expect(buildDocumentQuery('', withSearch(initialState, '   '))).toEqual({ page: 1, pageSize: 10, sort: { field: 'createAt', order: 'desc' } });
  });

  it('sends the search text and the filters set, trimmed', () => {
    let s = withSearch({ ...initialState, page: 4 }, ' 张三 ');
    expect(s.page).toBe(1);
    s = withFilters(s, { status: ['draft', 'approved'], companyCode: ' 1000 ', amountFrom: '100', amountTo: '', applicant: 'employee01' });
    expect(buildDocumentQuery('EX02', s)).toEqual({
      docType: 'EX02', q: '张三', page: 1, pageSize: 10, sort: { field: 'createAt', order: 'desc' },
      filters: { status: ['draft', 'approved'], companyCode: '1000', amountFrom: '100', applicant: 'employee01' },
    });
    expect(activeFilterCount(s.filters)).toBe(4);
  });

  it('sends a quick range alone, showing its days; a date typed ends it', () => {
    const today = new Date(2026, 0, 20);
    let s = withQuickRange({ ...initialState, page: 3 }, 'lastMonth', today);
    expect(s.page).toBe(1);
    expect([s.filters.dateFrom, s.filters.dateTo]).toEqual(['2025-12-01', '2025-12-31']);
    expect(buildDocumentQuery('AA', s).filters).toEqual({ quickRange: 'lastMonth' });
    s = withFilters(s, { dateFrom: '2025-12-10' });
    expect(s.filters.quickRange).toBe('');
    expect(buildDocumentQuery('AA', s).filters).toEqual({ dateFrom: '2025-12-10', dateTo: '2025-12-31' });
  });

  it('covers calendar ranges and the last days', () => {
    const today = new Date(2024, 1, 10); // a leap year's February
    expect(quickRangeDays('thisMonth', today)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(quickRangeDays('thisYear', today)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(quickRangeDays('week', today)).toEqual({ from: '2024-02-03', to: '2024-02-10' });
    expect(quickRangeDays('month', today)).toEqual({ from: '2024-01-11', to: '2024-02-10' });
  });

  it('sorts by a column ascending, then descending, from page 1', () => {
    let s = toggleSort({ ...initialState, page: 5 }, 'amount');
    expect([s.sort, s.page]).toEqual([{ field: 'amount', order: 'asc' }, 1]);
    s = toggleSort(s, 'amount');
    expect(s.sort).toEqual({ field: 'amount', order: 'desc' });
    s = toggleSort(s, 'businessId');
    expect(buildDocumentQuery('', s).sort).toEqual({ field: 'businessId', order: 'asc' });
  });

  it('knows the last page', () => {
    expect([lastPage(0, 10), lastPage(10, 10), lastPage(11, 10), lastPage(501, 500)]).toEqual([1, 1, 2, 2]);
  });
});

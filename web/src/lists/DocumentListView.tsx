import { type ReactNode, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { useDebounced } from '../masterdata/useDebounced';
import { statusColor } from '../process/ProcessHistory';
import { formatMoney } from '../widgets/money/money';
import { queryDocuments, type DocumentQueryBody, type DocumentRow, type SortField } from './api';
import ExportButton from './ExportButton';
import ListFilterBar from './ListFilterBar';
import {
  buildDocumentQuery, initialState, lastPage, pageSizes, toggleSort, withFilters, withQuickRange, withSearch, type ListState,
} from './query';

type Column = { key: SortField; render: (r: DocumentRow) => ReactNode; align?: 'right'; minWidth?: number };

/** Where a row opens: its document in read mode (its history below the form). */
export function readHref(r: Pick<DocumentRow, 'docType' | 'businessId'>): string {
  return `/form?${new URLSearchParams({ docType: r.docType, businessId: r.businessId, action: 'read' })}`;
}

export interface DocumentListViewProps {
  /** The document type listed; '' lists every type the user may read (document maintenance). */
  docType: string;
  /** A sub-type the list starts filtered to (a menu entry's preset). */
  subType?: string;
  /** Buttons beside export (新建). */
  actions?: ReactNode;
  /** Filters open from the start (document maintenance). */
  wide?: boolean;
}

/**
 * The generic document list (POST /api/formwork/documents/query): search, filters,
 * quick date ranges, sortable columns, paging, the count and amount total of the
 * filtered set, export of the whole set. The server answers only documents the user
 * may read. A row opens its document in read mode; an empty list says so where it can
 * be seen, whatever the table's width.
 */
export default function DocumentListView({ docType, subType, actions, wide }: DocumentListViewProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<ListState>(() => (subType ? { ...initialState, filters: { ...initialState.filters, subType } } : initialState));
  // the query once the state has settled (typing in a filter asks once); compared as text
  const settled = useDebounced(JSON.stringify(buildDocumentQuery(docType, state)), 250);
  const body = useMemo(() => JSON.parse(settled) as DocumentQueryBody, [settled]);
  const list = useQuery({
    queryKey: ['documents', 'list', i18n.language, body],
    queryFn: ({ signal }) => queryDocuments(body, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
  const columns: Column[] = [
    {
      key: 'businessId',
      render: (r) => (
        <Link component={RouterLink} to={readHref(r)} onClick={(e) => e.stopPropagation()} data-open={r.businessId}>
          {r.businessId}
        </Link>
      ),
      minWidth: 170,
    },
    ...(docType ? [] : [{ key: 'docType' as const, render: (r: DocumentRow) => `${r.docType} ${r.docTypeTxt}`.trim(), minWidth: 140 }]),
    { key: 'subType', render: (r) => [r.businessType1Txt || r.businessType1, r.businessType2Txt].filter(Boolean).join(' / '), minWidth: 120 },
    { key: 'applicant', render: (r) => r.applicantTxt || r.applicant, minWidth: 90 },
    { key: 'companyCode', render: (r) => r.companyCode },
    { key: 'department', render: (r) => r.department },
    { key: 'amount', render: (r) => formatMoney(r.amount), align: 'right', minWidth: 110 },
    { key: 'status', render: (r) => <Chip size="small" color={statusColor(r.status)} label={r.statusTxt || r.status} data-status={r.status} /> },
    { key: 'description', render: (r) => r.description, minWidth: 200 },
    { key: 'createAt', render: (r) => r.createAt, minWidth: 160 },
  ];
  const data = list.data;
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  const page = Math.min(state.page, lastPage(total, state.pageSize));
  return (
    <Box data-document-list data-total={data ? total : undefined}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <ListFilterBar
            q={state.q}
            filters={state.filters}
            wide={wide}
            onSearch={(q) => setState((s) => withSearch(s, q))}
            onFilters={(change) => setState((s) => withFilters(s, change))}
            onQuickRange={(r) => setState((s) => withQuickRange(s, r))}
            onReset={() => setState((s) => ({ ...initialState, pageSize: s.pageSize }))}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          {actions}
          <ExportButton body={body} fileName={`${docType || 'documents'}.xlsx`} disabled={!data || total === 0} />
        </Box>
      </Box>
      {list.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }} data-error="list">
          {t('lists.loadFailed')}: {errorText(list.error)}
        </Alert>
      )}
      {data && (
        <Typography variant="body2" sx={{ mb: 1 }} data-list-total={total} data-list-amount={String(data.totals.amount)}>
          {t('lists.total', { count: total, amount: formatMoney(data.totals.amount) })}
        </Typography>
      )}
      <Paper variant="outlined">
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={{ minWidth: c.minWidth, whiteSpace: 'nowrap' }} sortDirection={state.sort.field === c.key ? state.sort.order : false}>
                    <TableSortLabel
                      active={state.sort.field === c.key}
                      direction={state.sort.field === c.key ? state.sort.order : 'asc'}
                      onClick={() => setState((s) => toggleSort(s, c.key))}
                      data-sort={c.key}
                    >
                      {t(`lists.columns.${c.key}`)}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.businessId} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(readHref(r))} data-row={r.businessId}>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align}>
                      {c.render(r)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {data && rows.length === 0 && (
          // outside the scrolling table: visible however wide the table is
          <Box sx={{ py: 4, px: 2, textAlign: 'center' }} data-list-empty>
            <Typography color="text.secondary">{t('lists.empty')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('lists.emptyHint')}
            </Typography>
          </Box>
        )}
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={pageSizes}
          onPageChange={(_, p) => setState((s) => ({ ...s, page: p + 1 }))}
          onRowsPerPageChange={(e) => setState((s) => ({ ...s, page: 1, pageSize: Number(e.target.value) }))}
          data-list-pagination
        />
      </Paper>
    </Box>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { errorText } from '../api/client';
import { formatMoney } from '../widgets/money/money';
import { entriesQuery, type BudgetFilter } from './api';
import { documentHref, nodeText } from './format';
import EmptyRow from '../masterdata/EmptyRow';
import { Pager, zeroBasedPaging } from '../admin/PagedTable';

export interface EntriesTableProps {
  filter: BudgetFilter;
  budgetId?: number;
  businessId?: string;
  holding?: boolean;
  /** Whether to show each entry's budget (not when the table is one budget's). */
  showNode?: boolean;
}

/** What documents hold of budgets: each document (linked to its form), its type and state, occupied, consumed, released. */
export default function EntriesTable({ filter, budgetId, businessId, holding, showNode = true }: EntriesTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const list = useQuery(entriesQuery({ ...filter, budgetId, businessId, holding, page: page + 1, pageSize }));
  const data = list.data;
  return (
    <>
      {list.isError && <Alert severity="error">{errorText(list.error)}</Alert>}
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {list.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <TableContainer>
          <Table size="small" data-budget-entries>
            <TableHead>
              <TableRow>
                <TableCell>{t('budget.entries.businessId')}</TableCell>
                <TableCell>{t('budget.entries.docType')}</TableCell>
                <TableCell>{t('budget.entries.status')}</TableCell>
                {showNode && <TableCell>{t('budget.col.budgetAccount')}</TableCell>}
                <TableCell>{t('budget.entries.budgetStatus')}</TableCell>
                <TableCell align="right">{t('budget.col.occupied')}</TableCell>
                <TableCell align="right">{t('budget.col.consumed')}</TableCell>
                <TableCell align="right">{t('budget.col.released')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.rows.map((e) => (
                <TableRow key={`${e.businessId}/${e.budgetId}`} data-entry={e.businessId}>
                  <TableCell>
                    {e.docType ? (
                      <Link component={RouterLink} to={documentHref(e.docType, e.businessId)}>
                        {e.businessId}
                      </Link>
                    ) : (
                      e.businessId
                    )}
                  </TableCell>
                  <TableCell>{e.docType}</TableCell>
                  <TableCell>{e.status}</TableCell>
                  {showNode && <TableCell>{nodeText(e)}</TableCell>}
                  <TableCell>{e.budgetStatus}</TableCell>
                  <TableCell align="right">{formatMoney(e.occupied)}</TableCell>
                  <TableCell align="right">{formatMoney(e.consumed)}</TableCell>
                  <TableCell align="right">{formatMoney(e.released)}</TableCell>
                </TableRow>
              ))}
              {data && data.rows.length === 0 && <EmptyRow columns={8} text={t('budget.entries.empty')} />}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager paging={zeroBasedPaging(page, pageSize, data?.total ?? 0, setPage, setPageSize)} />
      </Paper>
    </>
  );
}

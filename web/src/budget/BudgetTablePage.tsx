import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import { errorText } from '../api/client';
import { useSession } from '../auth/session';
import { formatMoney } from '../widgets/money/money';
import { budgetsQuery, decideBudget, type Budget, type BudgetFilter } from './api';
import AdjustDialog from './AdjustDialog';
import BudgetDialog from './BudgetDialog';
import BudgetFilters from './BudgetFilters';
import HoldingsDialog from './HoldingsDialog';
import RejectDialog from './RejectDialog';
import { nodeText, usageText } from './format';
import EmptyRow from '../masterdata/EmptyRow';
import { Pager, zeroBasedPaging } from '../admin/PagedTable';

/** table: maintain (create, edit); query: read with totals and usage, drill into holdings; adjust: raise or lower with a reason; confirmation: what waits for a second person. */
export type BudgetTableMode = 'table' | 'query' | 'adjust' | 'confirmation';

interface Column {
  key: string;
  sortable: boolean;
  numeric?: boolean;
  render: (b: Budget) => ReactNode;
}

/** The budget table in one of its modes, over the server's page of budgets (filters, paging, sort). */
export default function BudgetTablePage({ mode, title }: { mode: BudgetTableMode; title?: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const me = String(useSession().user?.username ?? '');
  const [filter, setFilter] = useState<BudgetFilter>({});
  const [sort, setSort] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<Budget | 'new' | null>(null);
  const [adjusting, setAdjusting] = useState<Budget | null>(null);
  const [holdings, setHoldings] = useState<Budget | null>(null);
  const [rejecting, setRejecting] = useState<Budget | null>(null);
  const [notice, setNotice] = useState('');
  const list = useQuery(budgetsQuery({ ...filter, pending: mode === 'confirmation', sort, page: page + 1, pageSize }));
  const refresh = () => client.invalidateQueries({ queryKey: ['budget'] });
  const confirm = useMutation({
    mutationFn: (b: Budget) => decideBudget({ id: b.id, confirm: true, reason: '' }),
    onSuccess: () => void refresh(),
  });

  const money = (v: number | null) => (v === null ? '' : formatMoney(v));
  const columns: Column[] = [
    { key: 'companyCode', sortable: true, render: (b) => b.companyCode },
    { key: 'department', sortable: true, render: (b) => b.department },
    { key: 'budgetAccount', sortable: true, render: (b) => `${b.budgetAccount} ${b.budgetAccountTxt !== b.budgetAccount ? b.budgetAccountTxt : ''}` },
    { key: 'project', sortable: true, render: (b) => b.project },
    { key: 'period', sortable: true, render: (b) => b.period },
    { key: 'amount', sortable: true, numeric: true, render: (b) => money(b.amount) },
    { key: 'occupied', sortable: true, numeric: true, render: (b) => money(b.occupied) },
    { key: 'consumed', sortable: true, numeric: true, render: (b) => money(b.consumed) },
    { key: 'available', sortable: true, numeric: true, render: (b) => <Box component="span" sx={{ color: b.available < 0 ? 'error.main' : undefined }}>{money(b.available)}</Box> },
  ];
  if (mode === 'query') columns.push({ key: 'usage', sortable: false, numeric: true, render: (b) => usageText(b) });
  columns.push({ key: 'control', sortable: true, render: (b) => <Chip size="small" variant="outlined" label={t(`budget.control.${b.control}`)} /> });
  if (mode === 'confirmation') {
    columns.push(
      { key: 'pending', sortable: false, numeric: true, render: (b) => money(b.pending) },
      { key: 'change', sortable: false, numeric: true, render: (b) => (b.pending === null ? '' : money((Math.round(b.pending * 100) - Math.round(b.amount * 100)) / 100)) },
      { key: 'kind', sortable: false, render: (b) => t(`budget.log.kinds.${b.pendingKind}`) },
      { key: 'by', sortable: false, render: (b) => b.pendingBy },
      { key: 'reason', sortable: false, render: (b) => b.pendingReason },
    );
  } else if (mode !== 'query') {
    columns.push({ key: 'pending', sortable: false, numeric: true, render: (b) => money(b.pending) });
  }
  const head = (key: string) => (['change', 'kind', 'by', 'reason'].includes(key) ? t(`budget.confirm.${key === 'change' ? 'change' : key}`) : t(`budget.col.${key}`));
  const sortedBy = sort.replace(/^-/, '');
  const toggleSort = (key: string) => setSort(sortedBy === key && !sort.startsWith('-') ? `-${key}` : key);

  const actions = (b: Budget): ReactNode => {
    switch (mode) {
      case 'table':
        return (
          <>
            <Button size="small" onClick={() => setEditing(b)} data-row-action="edit">
              {t('budget.table.edit')}
            </Button>
            <Button size="small" onClick={() => setAdjusting(b)} disabled={b.pending !== null} data-row-action="adjust">
              {t('budget.table.adjust')}
            </Button>
          </>
        );
      case 'query':
        return (
          <Button size="small" onClick={() => setHoldings(b)} data-row-action="holdings">
            {t('budget.table.holdings')}
          </Button>
        );
      case 'adjust':
        return (
          <Button size="small" onClick={() => setAdjusting(b)} disabled={b.pending !== null} data-row-action="adjust">
            {t('budget.table.adjust')}
          </Button>
        );
      case 'confirmation':
        return b.pendingBy === me ? (
          <Typography variant="caption" color="text.secondary">
            {t('budget.confirm.own')}
          </Typography>
        ) : (
          <>
            <Button size="small" color="success" disabled={confirm.isPending} onClick={() => confirm.mutate(b)} data-row-action="confirm">
              {t('budget.confirm.confirm')}
            </Button>
            <Button size="small" color="warning" onClick={() => setRejecting(b)} data-row-action="reject">
              {t('budget.confirm.reject')}
            </Button>
          </>
        );
    }
  };

  const data = list.data;
  const failure = list.isError ? errorText(list.error) : confirm.isError ? errorText(confirm.error) : '';
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page={`budget-${mode}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-list-title>
          {title}
        </Typography>
        {mode === 'table' && (
          <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setEditing('new')} data-action="budget-new">
            {t('budget.table.new')}
          </Button>
        )}
      </Box>
      <BudgetFilters
        value={filter}
        onApply={(f) => {
          setFilter(f);
          setPage(0);
        }}
      />
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} data-error="budget">
          {failure}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice('')} data-notice="budget">
          {notice}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {list.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <TableContainer>
          <Table size="small" data-budget-table={mode}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sortDirection={sortedBy === c.key ? (sort.startsWith('-') ? 'desc' : 'asc') : false}>
                    {c.sortable ? (
                      <TableSortLabel active={sortedBy === c.key} direction={sort.startsWith('-') ? 'desc' : 'asc'} onClick={() => toggleSort(c.key)}>
                        {head(c.key)}
                      </TableSortLabel>
                    ) : (
                      head(c.key)
                    )}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.rows.map((b) => (
                <TableRow key={b.id} hover data-budget-row={nodeText(b)} data-budget-id={b.id}>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} data-col={c.key}>
                      {c.render(b)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(b)}
                  </TableCell>
                </TableRow>
              ))}
              {data && data.rows.length === 0 && (
                <EmptyRow columns={columns.length + 1} text={mode === 'confirmation' ? t('budget.confirm.empty') : t('budget.table.empty')} />
              )}
            </TableBody>
            {mode === 'query' && data && (
              <TableFooter>
                <TableRow data-budget-totals>
                  <TableCell colSpan={5} sx={{ fontWeight: 600 }}>
                    {t('budget.table.totals', { count: data.totals.count })}
                  </TableCell>
                  <TableCell align="right" data-total="amount">{formatMoney(data.totals.amount)}</TableCell>
                  <TableCell align="right" data-total="occupied">{formatMoney(data.totals.occupied)}</TableCell>
                  <TableCell align="right" data-total="consumed">{formatMoney(data.totals.consumed)}</TableCell>
                  <TableCell align="right" data-total="available">{formatMoney(data.totals.available)}</TableCell>
                  <TableCell align="right" data-total="usage">{usageText(data.totals)}</TableCell>
                  <TableCell colSpan={2} />
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </TableContainer>
        <Pager paging={zeroBasedPaging(page, pageSize, data?.total ?? 0, setPage, setPageSize)} />
      </Paper>
      {editing && <BudgetDialog budget={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />}
      {adjusting && (
        <AdjustDialog
          budget={adjusting}
          onClose={() => setAdjusting(null)}
          onDone={(msg) => {
            setNotice(msg);
            void refresh();
          }}
        />
      )}
      {holdings && <HoldingsDialog budget={holdings} onClose={() => setHoldings(null)} />}
      {rejecting && <RejectDialog budget={rejecting} onClose={() => setRejecting(null)} onDone={() => void refresh()} />}
    </Container>
  );
}

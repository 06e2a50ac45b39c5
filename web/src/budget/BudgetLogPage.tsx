import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { formatMoney } from '../widgets/money/money';
import { movementsQuery, type BudgetFilter } from './api';
import BudgetFilters from './BudgetFilters';
import { documentHref, nodeText } from './format';
import EmptyRow from '../masterdata/EmptyRow';
import { Pager, zeroBasedPaging } from '../admin/PagedTable';

const kinds = ['occupy', 'release', 'consume', 'adjust', 'import', 'confirm', 'reject'];

/** 预算日志: the budget's movements, newest first, with who, when, document, amount and reason. */
export default function BudgetLogPage({ title }: { title?: string }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<BudgetFilter>({});
  const [kind, setKind] = useState('');
  const [businessId, setBusinessId] = useState('');
  const [actor, setActor] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const list = useQuery(movementsQuery({ ...filter, kind, businessId, actor, page: page + 1, pageSize }));
  const data = list.data;
  const when = (at: string) => new Date(at).toLocaleString(i18n.language);
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="budget-log">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title}
      </Typography>
      <BudgetFilters value={filter} onApply={setFilter} control={false} />
      <Box sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
        <TextField id="budget-log-kind" select size="small" sx={{ width: 160 }} label={t('budget.log.kind')} value={kind} onChange={(e) => setKind(e.target.value)}>
          <MenuItem value="">{t('budget.log.anyKind')}</MenuItem>
          {kinds.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`budget.log.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="budget-log-businessId" size="small" label={t('budget.log.businessId')} value={businessId} onChange={(e) => setBusinessId(e.target.value.trim())} />
        <TextField id="budget-log-actor" size="small" label={t('budget.log.actor')} value={actor} onChange={(e) => setActor(e.target.value.trim())} />
      </Box>
      {list.isError && <Alert severity="error">{errorText(list.error)}</Alert>}
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {list.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <TableContainer>
          <Table size="small" data-budget-log>
            <TableHead>
              <TableRow>
                <TableCell>{t('budget.log.at')}</TableCell>
                <TableCell>{t('budget.log.kind')}</TableCell>
                <TableCell>{t('budget.col.budgetAccount')}</TableCell>
                <TableCell align="right">{t('budget.log.amount')}</TableCell>
                <TableCell>{t('budget.log.actor')}</TableCell>
                <TableCell>{t('budget.log.businessId')}</TableCell>
                <TableCell>{t('budget.log.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.rows.map((m) => (
                <TableRow key={m.id} data-movement={m.kind} data-movement-budget={m.budgetId}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(m.at)}</TableCell>
                  <TableCell>
                    {t(`budget.log.kinds.${m.kind}`)}
                    {m.pending && <Chip size="small" color="warning" variant="outlined" sx={{ ml: 1 }} label={t('budget.log.pending')} />}
                  </TableCell>
                  <TableCell>{nodeText(m)}</TableCell>
                  <TableCell align="right">{formatMoney(m.amount)}</TableCell>
                  <TableCell>{m.actor}</TableCell>
                  <TableCell>
                    {m.docType ? (
                      <Link component={RouterLink} to={documentHref(m.docType, m.businessId)}>
                        {m.businessId}
                      </Link>
                    ) : (
                      m.businessId
                    )}
                  </TableCell>
                  <TableCell data-col="reason">{m.reason}</TableCell>
                </TableRow>
              ))}
              {data && data.rows.length === 0 && <EmptyRow columns={7} text={t('budget.log.empty')} />}
            </TableBody>
          </Table>
        </TableContainer>
        <Pager paging={zeroBasedPaging(page, pageSize, data?.total ?? 0, setPage, setPageSize)} />
      </Paper>
    </Container>
  );
}

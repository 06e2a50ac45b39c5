import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { apiCall, errorText } from '../api/client';
import type { Schemas } from '../api/types';
import { formatMoney } from '../widgets/money/money';
import { documentHref } from '../budget/format';

type AdvanceView = Schemas['AdvanceView'];
type AdvanceMovements = Schemas['AdvanceMovements'];

const kinds = ['loan', 'preApplication', 'prepayment', 'withholding'];
const statuses = ['open', 'closed'];
const amountColumns = ['amount', 'paidOut', 'writtenOff', 'repaid', 'returned', 'held', 'outstanding'] as const;

/** 我的借款/预付/预提 (MY00010): the user's advances as the server keeps them, each with its movements. */
export default function MyAdvancesPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState<AdvanceView | null>(null);
  const params = new URLSearchParams({ kind, status });
  const list = useQuery({
    queryKey: ['advances', kind, status],
    queryFn: ({ signal }) => apiCall<AdvanceView[] | null>('GET', `/api/formwork/advances?${params}`, undefined, signal),
  });
  const rows = list.data ?? [];
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="my-advances">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
        <TextField id="advances-kind" select size="small" sx={{ width: 180 }} label={t('advances.kind')} value={kind} onChange={(e) => setKind(e.target.value)}>
          <MenuItem value="">{t('advances.anyKind')}</MenuItem>
          {kinds.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`advances.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField id="advances-status" select size="small" sx={{ width: 160 }} label={t('advances.status')} value={status} onChange={(e) => setStatus(e.target.value)}>
          <MenuItem value="">{t('advances.anyStatus')}</MenuItem>
          {statuses.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`advances.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {list.isError && <Alert severity="error">{errorText(list.error)}</Alert>}
      {list.isFetching && <LinearProgress />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('advances.businessId')}</TableCell>
              <TableCell>{t('advances.kind')}</TableCell>
              <TableCell>{t('advances.description')}</TableCell>
              {amountColumns.map((c) => (
                <TableCell key={c} align="right">
                  {t(`advances.${c}`)}
                </TableCell>
              ))}
              <TableCell>{t('advances.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((a) => (
              <TableRow key={`${a.businessId}/${a.item ?? ''}`} data-advance={a.businessId} data-advance-item={a.item ?? ''}>
                <TableCell>
                  <Link component={RouterLink} to={documentHref(a.docType, a.businessId)}>
                    {a.businessId}
                  </Link>
                  {a.item ? ` ${t('advances.line', { item: a.item })}` : ''}
                </TableCell>
                <TableCell>{t(`advances.kinds.${a.kind}`)}</TableCell>
                <TableCell>{a.description}</TableCell>
                {amountColumns.map((c) => (
                  <TableCell key={c} align="right" data-column={c}>
                    {formatMoney(a[c])}
                  </TableCell>
                ))}
                <TableCell>
                  <Chip size="small" color={a.status === 'open' ? 'warning' : 'default'} label={t(`advances.statuses.${a.status}`)} />
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setOpen(a)}>
                    {t('advances.movements')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={amountColumns.length + 5}>{t('advances.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {open && <MovementsDialog advance={open} onClose={() => setOpen(null)} />}
    </Container>
  );
}

/** An advance's movements, oldest first. */
function MovementsDialog({ advance, onClose }: { advance: AdvanceView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const moves = useQuery({
    queryKey: ['advances', 'movements', advance.businessId],
    queryFn: ({ signal }) =>
      apiCall<AdvanceMovements>('GET', `/api/formwork/advances/${encodeURIComponent(advance.businessId)}/movements`, undefined, signal),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('advances.movements')}: {advance.businessId}
      </DialogTitle>
      <DialogContent>
        {moves.isError && <Alert severity="error">{errorText(moves.error)}</Alert>}
        {moves.isFetching && <LinearProgress />}
        <Table size="small" data-movements={advance.businessId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('advances.at')}</TableCell>
              <TableCell>{t('advances.action')}</TableCell>
              <TableCell>{t('advances.document')}</TableCell>
              <TableCell align="right">{t('advances.amount')}</TableCell>
              <TableCell>{t('advances.by')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(moves.data?.movements ?? []).map((m) => (
              <TableRow key={m.id}>
                <TableCell>{new Date(m.at).toLocaleString(i18n.language)}</TableCell>
                <TableCell>
                  {t(`advances.actions.${m.action}`)}
                  {m.item ? ` (${t('advances.line', { item: m.item })})` : ''}
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={documentHref(m.docType, m.docBusinessId)}>
                    {m.docBusinessId}
                  </Link>
                </TableCell>
                <TableCell align="right">{formatMoney(m.amount)}</TableCell>
                <TableCell>{m.by}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('advances.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

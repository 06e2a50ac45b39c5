import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { listPayments, paymentState, paymentStatuses } from './api';
import PaymentTable, { StatusChip } from './PaymentTable';

/** A status filter of the payment lists. */
export function StatusFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField id="payments-status" select size="small" sx={{ width: 180 }} label={t('payments.status')} value={value} onChange={(e) => onChange(e.target.value)}>
      <MenuItem value="">{t('payments.anyStatus')}</MenuItem>
      {paymentStatuses.map((s) => (
        <MenuItem key={s} value={s}>
          {t(`payments.statuses.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * 我的付款 (myPayment) and 付款状态 (paymentStateView): the user's own payment lines as the
 * server keeps them (accounts masked); on 付款状态 each line opens its document's payment
 * state with the history of its payments.
 */
export default function MyPaymentsPage({ title, withState }: { title?: string; withState: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState('');
  const list = useQuery({ queryKey: ['payments', 'mine', status], queryFn: ({ signal }) => listPayments('mine', status, signal) });
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page={withState ? 'payment-state' : 'my-payments'}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
        <StatusFilter value={status} onChange={setStatus} />
      </Box>
      {list.isError && <Alert severity="error">{errorText(list.error)}</Alert>}
      {list.isFetching && <LinearProgress />}
      <PaymentTable
        lines={list.data?.lines ?? []}
        title={title}
        done={list.isSuccess}
        actions={withState ? (l) => <Button size="small" onClick={() => setOpen(l.businessId)}>{t('payments.details')}</Button> : undefined}
      />
      {open && <StateDialog businessId={open} onClose={() => setOpen('')} />}
    </Container>
  );
}

/** A document's payment state: its lines and the history of its payments. */
function StateDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const state = useQuery({ queryKey: ['payments', 'state', businessId], queryFn: ({ signal }) => paymentState(businessId, signal) });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('payments.status')}: {businessId} {state.data?.paymentStatus && <StatusChip status={state.data.paymentStatus} />}
      </DialogTitle>
      <DialogContent>
        {state.isError && <Alert severity="error">{errorText(state.error)}</Alert>}
        {state.isFetching && <LinearProgress />}
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {t('payments.events')}
        </Typography>
        <Table size="small" data-payment-events={businessId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('payments.at')}</TableCell>
              <TableCell>{t('payments.item')}</TableCell>
              <TableCell>{t('payments.action')}</TableCell>
              <TableCell>{t('payments.message')}</TableCell>
              <TableCell>{t('payments.by')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(state.data?.events ?? []).map((e, i) => (
              <TableRow key={i}>
                <TableCell>{new Date(e.at).toLocaleString(i18n.language)}</TableCell>
                <TableCell>{state.data?.lines?.find((l) => l.id === e.lineId)?.item}</TableCell>
                <TableCell>{t(`payments.actions.${e.action}`)}</TableCell>
                <TableCell>{e.message}</TableCell>
                <TableCell>{e.by}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payments.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

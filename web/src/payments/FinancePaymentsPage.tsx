import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { findingsOf } from '../masterdata/api';
import RowFindings from '../masterdata/RowFindings';
import { sheetField, useWorkbookImport } from '../masterdata/useWorkbookImport';
import { listPayments, movePayment, uploadPayments, type Move, type PaymentImport, type PaymentLine } from './api';
import PaymentTable from './PaymentTable';
import { StatusFilter } from './MyPaymentsPage';
import WorkbookButton from '../masterdata/WorkbookButton';

type MoveKind = Move['kind'];

/**
 * The finance payment list with the payment import (CW00003 付款导入): every payment line
 * of the user's companies; a pending line is marked paid (bank reference) or failed (the
 * bank's message), a failed one gets its account corrected and is sent again; the bank's
 * results come in as a workbook, all rows or none.
 */
export default function FinancePaymentsPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const [moving, setMoving] = useState<{ line: PaymentLine; kind: MoveKind } | null>(null);
  const list = useQuery({ queryKey: ['payments', 'finance', status], queryFn: ({ signal }) => listPayments('finance', status, signal) });
  const actions = (l: PaymentLine) => {
    const button = (kind: MoveKind, label: string) => (
      <Button size="small" data-payment-action={kind} onClick={() => setMoving({ line: l, kind })}>
        {label}
      </Button>
    );
    if (l.status === 'pending')
      return (
        <>
          {button('paid', t('payments.markPaid'))}
          {button('failed', t('payments.markFailed'))}
          {!l.account && button('account', t('payments.addAccount'))}
        </>
      );
    if (l.status === 'failed')
      return (
        <>
          {button('account', t('payments.correctAccount'))}
          {button('resend', t('payments.resend'))}
        </>
      );
    return null;
  };
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="finance-payments">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title}
      </Typography>
      <PaymentImportBox />
      <Box sx={{ display: 'flex', gap: 1.5, mb: 2 }}>
        <StatusFilter value={status} onChange={setStatus} />
      </Box>
      {list.isError && <Alert severity="error">{errorText(list.error)}</Alert>}
      {list.isFetching && <LinearProgress />}
      <PaymentTable lines={list.data?.lines ?? []} title={title} done={list.isSuccess} actions={actions} />
      {moving && <MoveDialog line={moving.line} kind={moving.kind} onClose={() => setMoving(null)} />}
    </Container>
  );
}

/** One move of a line: the bank reference, the bank's message or the payee account. */
function MoveDialog({ line, kind, onClose }: { line: PaymentLine; kind: MoveKind; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [accountName, setAccountName] = useState(line.accountName);
  const [bank, setBank] = useState(line.bank);
  const [account, setAccount] = useState(kind === 'account' ? line.account : '');
  const move = (): Move => {
    switch (kind) {
      case 'paid':
        return { kind, bankRef: text };
      case 'failed':
        return { kind, bankMessage: text };
      case 'resend':
        return { kind, bankMessage: text };
      case 'account':
        return { kind, accountName, bank, account, create: !line.account };
    }
  };
  const save = useMutation({
    mutationFn: () => movePayment(line, move()),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['payments'] });
      onClose();
    },
  });
  const field = findingsOf(save.error)[0]?.path;
  const titles: Record<MoveKind, string> = {
    paid: t('payments.markPaid'),
    failed: t('payments.markFailed'),
    resend: t('payments.resend'),
    account: line.account ? t('payments.correctAccount') : t('payments.addAccount'),
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-payment-dialog={kind}>
      <DialogTitle>
        {titles[kind]}: {line.businessId} #{line.item}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {save.isError && <Alert severity="error">{errorText(save.error)}</Alert>}
        {kind === 'failed' && line.bankMessage === '' ? null : line.bankMessage && <Alert severity="warning">{line.bankMessage}</Alert>}
        {kind === 'paid' && <TextField id="payment-bankRef" label={t('payments.bankRef')} value={text} onChange={(e) => setText(e.target.value)} error={field === 'bankRef'} autoFocus required />}
        {(kind === 'failed' || kind === 'resend') && (
          <TextField id="payment-bankMessage" label={t('payments.bankMessage')} value={text} onChange={(e) => setText(e.target.value)} error={field === 'bankMessage'} multiline autoFocus required={kind === 'failed'} />
        )}
        {kind === 'account' && (
          <>
            <TextField id="payment-accountName" label={t('payments.accountName')} value={accountName} onChange={(e) => setAccountName(e.target.value)} />
            <TextField id="payment-bank" label={t('payments.bank')} value={bank} onChange={(e) => setBank(e.target.value)} />
            <TextField id="payment-account" label={t('payments.account')} value={account} onChange={(e) => setAccount(e.target.value)} error={field === 'account'} required autoFocus />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('payments.cancel')}</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending} data-payment-save>
          {t('payments.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The payment import: a workbook of the bank's results, all rows or none, with every bad row listed. */
function PaymentImportBox() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const importing = useWorkbookImport<PaymentImport>(uploadPayments, () => void client.invalidateQueries({ queryKey: ['payments'] }));
  const { result, findings } = importing;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('payments.import.columns')}
      </Typography>
      <WorkbookButton label={t('payments.import.choose')} disabled={importing.pending} data="payment-import-file" onFile={importing.start} />
      {importing.pending && <LinearProgress sx={{ mt: 1 }} />}
      {result && (
        <Alert severity="success" sx={{ mt: 1 }} data-payment-imported>
          {t('payments.import.done', { imported: result.imported })}
        </Alert>
      )}
      {importing.failure && <Alert severity="error" sx={{ mt: 1 }}>{importing.failure}</Alert>}
      <RowFindings
        findings={findings}
        data="payment-import-findings"
        sx={{ mt: 1 }}
        texts={{ refused: t('payments.import.refused'), row: t('payments.import.row'), field: t('payments.import.field'), problem: t('payments.import.problem') }}
        fieldOf={sheetField}
      />
    </Box>
  );
}

import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { formatMoney } from '../widgets/money/money';
import { documentHref } from '../budget/format';
import { docTypeOf, myInvoicesQuery, recognise, removeInvoice, verifyInvoice, type PooledInvoice } from './api';

const amountColumns = ['amount', 'taxAmount', 'total'] as const;

/** 我的发票 (MY00007, myInvoice): upload receipts, see what was recognised, verify, and where each invoice is claimed. */
export default function MyInvoicesPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useQuery(myInvoicesQuery());
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['invoices'] });
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      let found = 0;
      for (const f of files) found += (await recognise(f)).invoices?.filter((i) => i.invoiceNo).length ?? 0;
      return found;
    },
    onSuccess: (found) => {
      setNote(t('invoices.recognised', { count: found }));
      void refresh();
    },
  });
  const verify = useMutation({ mutationFn: verifyInvoice, onSuccess: refresh });
  const remove = useMutation({ mutationFn: removeInvoice, onSuccess: refresh });
  const rows = list.data ?? [];
  const failure = list.error ?? upload.error ?? verify.error ?? remove.error;
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="my-invoices">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, mb: 2, alignItems: 'center' }}>
        <input
          ref={input}
          hidden
          multiple
          type="file"
          accept="image/png,image/jpeg,application/pdf,.ofd,.xml"
          data-invoice-upload
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length) upload.mutate(files);
          }}
        />
        <Button variant="contained" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {t('invoices.upload')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('invoices.uploadHint')}
        </Typography>
      </Box>
      {note && (
        <Alert severity="info" sx={{ mb: 1 }} data-invoice-note onClose={() => setNote('')}>
          {note}
        </Alert>
      )}
      {failure && <Alert severity="error">{errorText(failure)}</Alert>}
      {(list.isFetching || upload.isPending) && <LinearProgress />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('invoices.invoiceNo')}</TableCell>
              <TableCell>{t('invoices.issueDate')}</TableCell>
              <TableCell>{t('invoices.seller')}</TableCell>
              {amountColumns.map((c) => (
                <TableCell key={c} align="right">
                  {t(`invoices.${c}`)}
                </TableCell>
              ))}
              <TableCell>{t('invoices.source')}</TableCell>
              <TableCell>{t('invoices.verifyStatus')}</TableCell>
              <TableCell>{t('invoices.heldBy')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => (
              <InvoiceRow key={p.id} p={p} onVerify={() => verify.mutate(p.id)} onRemove={() => remove.mutate(p.id)} />
            ))}
            {list.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={amountColumns.length + 7}>{t('invoices.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Container>
  );
}

function InvoiceRow({ p, onVerify, onRemove }: { p: PooledInvoice; onVerify: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <TableRow data-invoice={p.invoiceNo}>
      <TableCell>
        {p.invoiceCode ? `${p.invoiceCode} / ` : ''}
        {p.invoiceNo}
        {(p.findings ?? []).map((f) => (
          <Typography key={f} variant="caption" display="block" color="warning.main">
            {f}
          </Typography>
        ))}
      </TableCell>
      <TableCell>{p.issueDate}</TableCell>
      <TableCell>{p.sellerName}</TableCell>
      {amountColumns.map((c) => (
        <TableCell key={c} align="right" data-column={c}>
          {formatMoney(Number(p[c]))}
        </TableCell>
      ))}
      <TableCell>
        <Chip size="small" label={t(`invoices.sources.${p.source}`)} />
        {!p.confirmed && <Chip size="small" color="warning" sx={{ ml: 0.5 }} label={t('invoices.toConfirm')} />}
      </TableCell>
      <TableCell data-column="verifyStatus">{p.verifyStatus ? t(`invoices.verify.${p.verifyStatus}`) : t('invoices.verify.none')}</TableCell>
      <TableCell data-column="heldBy">
        {p.heldBy ? (
          <Link component={RouterLink} to={documentHref(docTypeOf(p.heldBy), p.heldBy)}>
            {p.heldBy}
          </Link>
        ) : (
          t('invoices.inPool')
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Button size="small" onClick={onVerify} disabled={!p.invoiceNo}>
          {t('invoices.verifyAction')}
        </Button>
        {!p.heldBy && (
          <Button size="small" color="error" onClick={onRemove}>
            {t('invoices.remove')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

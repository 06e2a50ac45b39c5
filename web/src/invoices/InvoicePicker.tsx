import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { apiCall, errorText } from '../api/client';
import type { Schemas } from '../api/types';
import { formatMoney } from '../widgets/money/money';
import type { PooledInvoice } from './api';

type InvoiceLine = Schemas['InvoiceLine'];

/** The row an invoice line takes for a linked invoice: what the user confirms (the server's statuses are its own). */
export function rowOfLine(line: InvoiceLine): Record<string, unknown> {
  const row: Record<string, unknown> = { invoiceType: line.invoiceType, invoiceNo: line.invoiceNo, amount: Number(line.amount), taxAmount: Number(line.taxAmount) };
  if (line.invoiceCode) row.invoiceCode = line.invoiceCode;
  return row;
}

/**
 * 从我的发票选择: the recognised invoices of my pool no document holds, their fields shown
 * for confirmation (OCR proposals marked); choosing one adds it as an invoice line.
 */
export default function InvoicePicker({ onPick }: { onPick: (row: Record<string, unknown>) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const free = useQuery({
    queryKey: ['invoices', 'selectable'],
    queryFn: ({ signal }) => apiCall<PooledInvoice[] | null>('GET', '/ocr/pcPage/pcSelectTicketPage', undefined, signal),
    enabled: open,
  });
  const pick = async (p: PooledInvoice) => {
    try {
      const line = await apiCall<InvoiceLine>('POST', '/ocr/setlink/barcodeLinkInvoice', { operation: 'LINK', id: p.id });
      onPick(rowOfLine(line));
      setOpen(false);
    } catch (e) {
      setFailure(e);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" sx={{ mr: 1 }} onClick={() => setOpen(true)} data-action="pick-invoice">
        {t('invoices.pick')}
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} maxWidth="lg" fullWidth>
          <DialogTitle>{t('invoices.pick')}</DialogTitle>
          <DialogContent>
            {(free.error != null || failure != null) && <Alert severity="error">{errorText(free.error ?? failure)}</Alert>}
            {free.isFetching && <LinearProgress />}
            <Table size="small" data-invoice-picker>
              <TableHead>
                <TableRow>
                  <TableCell>{t('invoices.invoiceNo')}</TableCell>
                  <TableCell>{t('invoices.issueDate')}</TableCell>
                  <TableCell>{t('invoices.seller')}</TableCell>
                  <TableCell align="right">{t('invoices.amount')}</TableCell>
                  <TableCell align="right">{t('invoices.taxAmount')}</TableCell>
                  <TableCell align="right">{t('invoices.total')}</TableCell>
                  <TableCell>{t('invoices.source')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {(free.data ?? []).map((p) => (
                  <TableRow key={p.id} data-pick={p.invoiceNo}>
                    <TableCell>
                      {p.invoiceCode ? `${p.invoiceCode} / ` : ''}
                      {p.invoiceNo}
                    </TableCell>
                    <TableCell>{p.issueDate}</TableCell>
                    <TableCell>{p.sellerName}</TableCell>
                    <TableCell align="right">{formatMoney(Number(p.amount))}</TableCell>
                    <TableCell align="right">{formatMoney(Number(p.taxAmount))}</TableCell>
                    <TableCell align="right">{formatMoney(Number(p.total))}</TableCell>
                    <TableCell>
                      <Chip size="small" label={t(`invoices.sources.${p.source}`)} />
                      {!p.confirmed && <Chip size="small" color="warning" sx={{ ml: 0.5 }} label={t('invoices.toConfirm')} />}
                    </TableCell>
                    <TableCell>
                      <Button size="small" onClick={() => void pick(p)}>
                        {p.confirmed ? t('invoices.choose') : t('invoices.confirmChoose')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
                {free.isSuccess && (free.data ?? []).length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8}>{t('invoices.noneFree')}</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('invoices.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

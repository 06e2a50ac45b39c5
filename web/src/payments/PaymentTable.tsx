import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney } from '../widgets/money/money';
import { documentHref } from '../budget/format';
import type { PaymentLine } from './api';

const statusColor = { pending: 'warning', paid: 'success', failed: 'error' } as const;

/** A payment line's status as a chip. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const color = statusColor[status as keyof typeof statusColor] ?? 'default';
  return <Chip size="small" color={color} label={t(`payments.statuses.${status}`)} data-payment-status={status} />;
}

/** Payment lines, one row each (the account as the server shows it to the reader), with the row's actions. */
export default function PaymentTable({ lines, title, actions, done }: { lines: PaymentLine[]; title?: string; actions?: (l: PaymentLine) => ReactNode; done: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payments.businessId')}</TableCell>
            <TableCell>{t('payments.item')}</TableCell>
            <TableCell>{t('payments.accountName')}</TableCell>
            <TableCell>{t('payments.bank')}</TableCell>
            <TableCell>{t('payments.account')}</TableCell>
            <TableCell align="right">{t('payments.amount')}</TableCell>
            <TableCell>{t('payments.status')}</TableCell>
            <TableCell>{t('payments.bankRef')}</TableCell>
            <TableCell>{t('payments.bankMessage')}</TableCell>
            <TableCell>{t('payments.updatedAt')}</TableCell>
            {actions && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={`${l.businessId}#${l.item}`} data-payment-line={`${l.businessId}#${l.item}`}>
              <TableCell>
                <Link component={RouterLink} to={documentHref(l.docType, l.businessId)}>
                  {l.businessId}
                </Link>
              </TableCell>
              <TableCell>{l.item}</TableCell>
              <TableCell>{l.accountName}</TableCell>
              <TableCell>{l.bank}</TableCell>
              <TableCell data-column="account">{l.account}</TableCell>
              <TableCell align="right">{formatMoney(l.amount)}</TableCell>
              <TableCell>
                <StatusChip status={l.status} />
              </TableCell>
              <TableCell data-column="bankRef">{l.bankRef}</TableCell>
              <TableCell data-column="bankMessage">{l.bankMessage}</TableCell>
              <TableCell>{new Date(l.updatedAt).toLocaleString(i18n.language)}</TableCell>
              {actions && <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions(l)}</TableCell>}
            </TableRow>
          ))}
          {done && lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={11}>{t('payments.none')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { formatMoney } from '../widgets/money/money';
import { editableFields, type LineEdit, type VoucherLineView } from './api';

const textColumns = ['account', 'costCenter', 'profitCenter', 'internalOrder', 'supplier', 'customer', 'text'] as const;

export interface VoucherTableProps {
  lines: VoucherLineView[];
  /** finance's edits by line number; null: read only */
  edits: Record<number, LineEdit> | null;
  onEdit?: (lineNo: number, field: keyof Omit<LineEdit, 'lineNo'>, value: string) => void;
}

/** A voucher's lines: the fields the rules make editable are inputs while the voucher may change. */
export default function VoucherTable({ lines, edits, onEdit }: VoucherTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-voucher-lines>
        <TableHead>
          <TableRow>
            {['lineNo', 'bschl', 'debitCredit', ...textColumns.slice(0, 1), 'amount', 'localAmount', ...textColumns.slice(1)].map((c) => (
              <TableCell key={c}>{t(`vouchers.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => {
            const editable = new Set((l.editFields ?? []).map((f) => editableFields[f]).filter(Boolean));
            const cell = (field: (typeof textColumns)[number]) => {
              const value = edits?.[l.lineNo]?.[field] ?? l[field] ?? '';
              if (!edits || !editable.has(field)) return <TableCell key={field} data-cell={field}>{value}</TableCell>;
              return (
                <TableCell key={field}>
                  <TextField
                    size="small"
                    value={value}
                    onChange={(e) => onEdit?.(l.lineNo, field, e.target.value)}
                    inputProps={{ 'data-edit': `${l.lineNo}.${field}`, 'aria-label': `${t(`vouchers.${field}`)} ${l.lineNo}` }}
                  />
                </TableCell>
              );
            };
            return (
              <TableRow key={l.lineNo} data-voucher-line={l.lineNo}>
                <TableCell>{l.lineNo}</TableCell>
                <TableCell>{l.bschl}</TableCell>
                <TableCell>{t(l.debitCredit === 'S' ? 'vouchers.debit' : 'vouchers.credit')}</TableCell>
                {cell('account')}
                <TableCell align="right">{formatMoney(l.amount)}</TableCell>
                <TableCell align="right">{formatMoney(l.localAmount)}</TableCell>
                {textColumns.slice(1).map(cell)}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

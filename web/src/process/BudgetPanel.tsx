import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BudgetPreview, BudgetPreviewLine } from '../api/process';
import { formatMoney } from '../widgets/money/money';

export interface BudgetPanelProps {
  /** What the document would draw if submitted now (evaluate's or the form answer's budget); nothing when absent or empty. */
  preview?: BudgetPreview | null;
}

/** The node of a line as budget control names it: 1000/IT01/660201[/project]/2026-11. */
export function nodeText(l: BudgetPreviewLine): string {
  return [l.companyCode, l.department, l.budgetAccount, l.project, l.period].filter(Boolean).join('/');
}

/** How a line stands: the submit's own finding when it would exceed, else within budget, no budget or not controlled. */
export function lineOutcome(l: BudgetPreviewLine): { severity: 'error' | 'warning' | 'success' | 'info'; key: string | null; message: string | null } {
  if (l.severity === 'error') return { severity: 'error', key: null, message: l.message ?? '' };
  if (l.severity === 'confirm') return { severity: 'warning', key: null, message: l.message ?? '' };
  if (!l.budgeted) return { severity: 'info', key: 'recall.budget.noBudget', message: null };
  if (l.exceeds) return { severity: 'info', key: 'recall.budget.notControlled', message: null };
  return { severity: 'success', key: 'recall.budget.ok', message: null };
}

/**
 * A compact panel under the form's toolbar while the document is drafted: per budget
 * account it draws on, the budget's node, what is available, this document's draw and
 * whether it would exceed, in the words the submit refusal would use (the server's
 * message). Nothing is occupied until the submit.
 */
export default function BudgetPanel({ preview }: BudgetPanelProps) {
  const { t } = useTranslation();
  const lines = preview?.lines ?? [];
  if (lines.length === 0) return null;
  const findings = lines.map(lineOutcome).filter((o) => o.message);
  return (
    <Box sx={{ mb: 2 }} data-panel="budget">
      <Typography variant="subtitle2">{t('recall.budget.title')}</Typography>
      <Typography variant="caption" color="text.secondary">
        {t('recall.budget.hint')}
      </Typography>
      <Table size="small" sx={{ mt: 0.5 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('recall.budget.node')}</TableCell>
            <TableCell>{t('recall.budget.account')}</TableCell>
            <TableCell align="right">{t('recall.budget.available')}</TableCell>
            <TableCell align="right">{t('recall.budget.draw')}</TableCell>
            <TableCell>{t('recall.budget.result')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => {
            const o = lineOutcome(l);
            return (
              <TableRow key={l.budgetAccount} data-budget-line={l.budgetAccount} data-exceeds={l.exceeds ? 'true' : 'false'} data-severity={l.severity ?? ''}>
                <TableCell>{nodeText(l)}</TableCell>
                <TableCell>
                  {l.budgetAccount}
                  {l.control ? ` · ${t(`recall.budget.control.${l.control}`, { defaultValue: l.control })}` : ''}
                </TableCell>
                <TableCell align="right">{l.budgeted ? formatMoney(l.available) : '—'}</TableCell>
                <TableCell align="right">{formatMoney(l.draw)}</TableCell>
                <TableCell>
                  <Chip size="small" color={o.severity} label={o.key ? t(o.key) : t('recall.budget.exceeds')} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {findings.map((o, i) => (
        <Alert key={i} severity={o.severity} sx={{ mt: 1 }} data-budget-message={o.severity}>
          {o.message}
        </Alert>
      ))}
    </Box>
  );
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { formatMoney } from '../widgets/money/money';
import { MoneyInput } from '../widgets/money/MoneyInput';
import { adjustBudget, refusedField, type Budget } from './api';
import { amountAfter, nodeText } from './format';

/**
 * Raises or lowers a budget with a reason. The server decides: lowering counts at once
 * (never below what a strong budget holds), raising waits for a second person.
 */
export default function AdjustDialog({ budget, onClose, onDone }: { budget: Budget; onClose: () => void; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [delta, setDelta] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const node = nodeText(budget);
  const adjust = useMutation({
    mutationFn: () => adjustBudget({ id: budget.id, delta, reason }),
    onSuccess: (b) => {
      onDone(b.pending !== null ? t('budget.adjust.waits', { node }) : t('budget.adjust.done', { node }));
      onClose();
    },
  });
  const field = adjust.isError ? refusedField(adjust.error) : '';
  const after = amountAfter(budget.amount, delta);
  return (
    <Dialog open onClose={adjust.isPending ? undefined : onClose} maxWidth="sm" fullWidth data-dialog="budget-adjust">
      <DialogTitle>{t('budget.adjust.title', { node })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('budget.adjust.now', { amount: formatMoney(budget.amount), occupied: formatMoney(budget.occupied), consumed: formatMoney(budget.consumed) })}
          </Typography>
          {adjust.isError && (
            <Alert severity="error" data-error="budget-adjust">
              {errorText(adjust.error)}
            </Alert>
          )}
          <MoneyInput id="budget-adjust-delta" label={t('budget.adjust.delta')} value={delta} onChange={(v) => setDelta(v ?? null)} error={field === 'delta'} required />
          <TextField
            id="budget-adjust-reason"
            label={t('budget.adjust.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={field === 'reason'}
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {after !== null && <Typography variant="body2">{t('budget.adjust.after', { amount: formatMoney(after) })}</Typography>}
          {delta !== null && delta > 0 && <Alert severity="info">{t('budget.adjust.raiseWaits')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={adjust.isPending}>
          {t('budget.table.cancel')}
        </Button>
        <Button variant="contained" onClick={() => adjust.mutate()} disabled={adjust.isPending} data-action="budget-adjust-submit">
          {t('budget.adjust.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

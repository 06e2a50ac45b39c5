import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorText } from '../api/client';
import { MoneyInput } from '../widgets/money/MoneyInput';
import { RefPicker } from '../widgets/ref/RefPicker';
import { saveBudget, type Budget, type BudgetInput, type Control } from './api';
import { nodeText } from './format';

const blank: BudgetInput = { companyCode: '', department: '', budgetAccount: '', project: '', period: '', amount: null, control: 'strong' };

/** Adds a budget (its node, amount and control) or changes one's amount and control, through the spec's budget/save. */
export default function BudgetDialog({ budget, onClose, onSaved }: { budget: Budget | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BudgetInput>(budget ? { ...budget } : blank);
  const set = (change: Partial<BudgetInput>) => setDraft((d) => ({ ...d, ...change }));
  const save = useMutation({
    mutationFn: () => saveBudget(budget ? { id: budget.id, companyCode: '', department: '', budgetAccount: '', project: '', period: '', amount: draft.amount, control: draft.control } : draft),
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  const fixed = budget !== null;
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} maxWidth="sm" fullWidth data-dialog="budget-edit">
      <DialogTitle>{budget ? t('budget.table.editTitle', { node: nodeText(budget) }) : t('budget.table.newTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {save.isError && <Alert severity="error" data-error="budget-save">{errorText(save.error)}</Alert>}
          {!fixed && (
            <>
              <RefPicker id="budget-companyCode" type="company" label={t('budget.col.companyCode')} value={draft.companyCode} onChange={(v) => set({ companyCode: v ?? '' })} required />
              <RefPicker id="budget-department" type="department" label={t('budget.col.department')} value={draft.department} onChange={(v) => set({ department: v ?? '' })} required />
              <RefPicker id="budget-budgetAccount" type="budgetAccount" label={t('budget.col.budgetAccount')} value={draft.budgetAccount} onChange={(v) => set({ budgetAccount: v ?? '' })} required />
              <RefPicker id="budget-project" type="project" label={t('budget.col.project')} value={draft.project} onChange={(v) => set({ project: v ?? '' })} />
              <TextField id="budget-period" label={t('budget.col.period')} placeholder="yyyy-MM" value={draft.period} onChange={(e) => set({ period: e.target.value })} required />
            </>
          )}
          <MoneyInput id="budget-amount" label={t('budget.col.amount')} value={draft.amount} onChange={(v) => set({ amount: v ?? null })} required />
          <TextField id="budget-control" select label={t('budget.col.control')} value={draft.control} onChange={(e) => set({ control: e.target.value as Control })}>
            {(['strong', 'weak', 'none'] as const).map((c) => (
              <MenuItem key={c} value={c}>
                {t(`budget.control.${c}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('budget.table.cancel')}
        </Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending} data-action="budget-save">
          {t('budget.table.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

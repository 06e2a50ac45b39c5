import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { RefPicker } from '../widgets/ref/RefPicker';
import type { BudgetFilter } from './api';

export interface BudgetFiltersProps {
  value: BudgetFilter;
  onApply: (filter: BudgetFilter) => void;
  /** Whether to offer the control filter. */
  control?: boolean;
}

/** The filters of the budget pages: company, department, budget account, project, period (and control); applied on Search. */
export default function BudgetFilters({ value, onApply, control = true }: BudgetFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BudgetFilter>(value);
  const set = (change: BudgetFilter) => setDraft((d) => ({ ...d, ...change }));
  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
      data-budget-filters
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <Box sx={{ width: 200 }}>
        <RefPicker id="budget-filter-company" type="company" size="small" label={t('budget.col.companyCode')} value={draft.companyCode} onChange={(v) => set({ companyCode: v ?? '' })} />
      </Box>
      <Box sx={{ width: 220 }}>
        <RefPicker id="budget-filter-department" type="department" size="small" label={t('budget.col.department')} value={draft.department} onChange={(v) => set({ department: v ?? '' })} />
      </Box>
      <Box sx={{ width: 220 }}>
        <RefPicker id="budget-filter-account" type="budgetAccount" size="small" label={t('budget.col.budgetAccount')} value={draft.budgetAccount} onChange={(v) => set({ budgetAccount: v ?? '' })} />
      </Box>
      <TextField id="budget-filter-project" size="small" sx={{ width: 140 }} label={t('budget.col.project')} value={draft.project ?? ''} onChange={(e) => set({ project: e.target.value })} />
      <TextField
        id="budget-filter-period"
        size="small"
        sx={{ width: 130 }}
        label={t('budget.col.period')}
        placeholder={t('budget.filter.periodHint')}
        value={draft.period ?? ''}
        onChange={(e) => set({ period: e.target.value })}
      />
      {control && (
        <TextField id="budget-filter-control" select size="small" sx={{ width: 130 }} label={t('budget.col.control')} value={draft.control ?? ''} onChange={(e) => set({ control: e.target.value })}>
          <MenuItem value="">—</MenuItem>
          {(['strong', 'weak', 'none'] as const).map((c) => (
            <MenuItem key={c} value={c}>
              {t(`budget.control.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button type="submit" variant="contained" data-action="budget-search">
        {t('budget.filter.search')}
      </Button>
      <Button
        onClick={() => {
          setDraft({});
          onApply({});
        }}
      >
        {t('budget.filter.clear')}
      </Button>
    </Box>
  );
}

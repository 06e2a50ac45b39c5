import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BudgetFilter } from './api';
import BudgetFilters from './BudgetFilters';
import EntriesTable from './EntriesTable';

/** 预算占用查询: the documents holding budget, for a node or a document. */
export default function OccupancyPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<BudgetFilter>({});
  const [businessId, setBusinessId] = useState('');
  const [holding, setHolding] = useState(true);
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="budget-occupancy">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title}
      </Typography>
      <BudgetFilters value={filter} onApply={setFilter} control={false} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField id="budget-occupancy-businessId" size="small" label={t('budget.entries.businessId')} value={businessId} onChange={(e) => setBusinessId(e.target.value.trim())} />
        <FormControlLabel control={<Switch checked={holding} onChange={(e) => setHolding(e.target.checked)} />} label={t('budget.entries.holdingOnly')} />
      </Box>
      <EntriesTable filter={filter} businessId={businessId} holding={holding} />
    </Container>
  );
}

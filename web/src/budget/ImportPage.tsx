import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { errorText } from '../api/client';
import RowFindings from '../masterdata/RowFindings';
import { saveFile } from '../masterdata/saveFile';
import { downloadBudgets, uploadBudgets, type BudgetFilter, type Imported } from './api';
import BudgetFilters from './BudgetFilters';
import WorkbookButton from '../masterdata/WorkbookButton';
import { sheetField, useWorkbookImport } from '../masterdata/useWorkbookImport';

/**
 * 预算导入: upload a workbook of budgets (all or nothing: every bad row listed with its
 * row number, field and problem) and export the budgets of a filter as the same workbook.
 */
export default function ImportPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [filter, setFilter] = useState<BudgetFilter>({});
  const [fileName, setFileName] = useState('');
  const importing = useWorkbookImport<Imported>(uploadBudgets, () => void client.invalidateQueries({ queryKey: ['budget'] }));
  const { result, findings } = importing;
  const exporting = useMutation({
    mutationFn: () => downloadBudgets(filter),
    onSuccess: (file) => saveFile(file, 'budgets.xlsx'),
  });
  const failure = importing.failure || (exporting.isError ? errorText(exporting.error) : '');
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-page="budget-import">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('budget.import.columns')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <WorkbookButton
          variant="contained"
          label={t('budget.import.choose')}
          disabled={importing.pending}
          data="budget-import-file"
          onFile={(file) => {
            setFileName(file.name);
            importing.start(file);
          }}
        />
        {fileName && <Typography variant="body2">{fileName}</Typography>}
      </Box>
      {importing.pending && <LinearProgress sx={{ mb: 2 }} />}
      {result && (
        <Alert severity="success" sx={{ mb: 2 }} data-budget-imported>
          {t('budget.import.done', { ...result })}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <RowFindings
        findings={findings}
        data="budget-import-findings"
        sx={{ mb: 3 }}
        texts={{ refused: t('budget.import.refused'), row: t('budget.import.row'), field: t('budget.import.field'), problem: t('budget.import.problem') }}
        fieldOf={(path) => (sheetField(path) ? t(`budget.col.${sheetField(path)}`, { defaultValue: sheetField(path) }) : '')}
      />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('budget.import.export')}
      </Typography>
      <BudgetFilters value={filter} onApply={setFilter} />
      <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => exporting.mutate()} disabled={exporting.isPending} data-action="budget-export">
        {t('budget.import.export')}
      </Button>
    </Container>
  );
}

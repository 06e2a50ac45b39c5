import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Budget } from './api';
import EntriesTable from './EntriesTable';
import { nodeText } from './format';

/** A budget's holdings: the documents that occupy or consumed it. */
export default function HoldingsDialog({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-dialog="budget-holdings">
      <DialogTitle>{t('budget.entries.title', { node: nodeText(budget) })}</DialogTitle>
      <DialogContent dividers>
        <EntriesTable filter={{}} budgetId={budget.id} showNode={false} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('budget.entries.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

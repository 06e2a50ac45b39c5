import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { errorText } from '../api/client';
import { decideBudget, type Budget } from './api';
import { nodeText } from './format';

/** Rejects a budget's pending change with a reason (the server asks for one). */
export default function RejectDialog({ budget, onClose, onDone }: { budget: Budget; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const reject = useMutation({
    mutationFn: () => decideBudget({ id: budget.id, confirm: false, reason }),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <Dialog open onClose={reject.isPending ? undefined : onClose} maxWidth="sm" fullWidth data-dialog="budget-reject">
      <DialogTitle>{t('budget.confirm.rejectTitle', { node: nodeText(budget) })}</DialogTitle>
      <DialogContent dividers>
        {reject.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorText(reject.error)}
          </Alert>
        )}
        <TextField id="budget-reject-reason" fullWidth required multiline minRows={2} label={t('budget.confirm.rejectReason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reject.isPending}>
          {t('budget.table.cancel')}
        </Button>
        <Button variant="contained" color="warning" onClick={() => reject.mutate()} disabled={reject.isPending} data-action="budget-reject-submit">
          {t('budget.confirm.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { MasterRecord } from './api';

export interface DeactivateDialogProps {
  record: MasterRecord | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (record: MasterRecord) => void;
}

/** Asks before a record goes: deleted, or deactivated where documents refer to it. */
export default function DeactivateDialog({ record, busy, onCancel, onConfirm }: DeactivateDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={record !== null} onClose={onCancel} data-dialog="md-deactivate">
      <DialogTitle>{t('md.deactivate.title', { key: record?.key ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('md.deactivate.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('md.record.cancel')}</Button>
        <Button color="warning" variant="contained" disabled={busy} onClick={() => record && onConfirm(record)} data-action="confirm-deactivate">
          {t('md.deactivate.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ConflictDialogProps {
  open: boolean;
  onReload: () => void;
  onClose: () => void;
}

/** Shown on 409: someone else saved the document first; offers to reload it. */
export default function ConflictDialog({ open, onReload, onClose }: ConflictDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} data-dialog="conflict">
      <DialogTitle>{t('save.conflictTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('save.conflict')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('prompt.cancel')}</Button>
        <Button onClick={onReload} variant="contained">
          {t('save.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

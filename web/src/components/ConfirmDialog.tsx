import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  messages: string[];
  onConfirm: () => void;
  onCancel: () => void;
}

/** The weak-control confirm dialog: title 提示, warning style, 确认 / 取消. */
export default function ConfirmDialog({ open, messages, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="sm" fullWidth data-dialog="confirm">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'warning.dark' }}>
        <WarningAmber color="warning" />
        {t('prompt.title')}
      </DialogTitle>
      <DialogContent>
        {messages.map((m, i) => (
          <Typography key={i} sx={{ mb: 0.5 }}>
            {m}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('prompt.cancel')}</Button>
        <Button onClick={onConfirm} variant="contained" color="warning" autoFocus>
          {t('prompt.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

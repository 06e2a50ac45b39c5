import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfigDialogProps {
  name: string;
  title: string;
  /** The server's refusal of the last save ('' none). */
  failure: string;
  busy: boolean;
  onCancel: () => void;
  onSave: () => void;
  children: ReactNode;
}

/** The edit dialog of a configuration row: its fields, the server's refusal, cancel and save. */
export default function ConfigDialog({ name, title, failure, busy, onCancel, onSave, children }: ConfigDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth data-dialog={name}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} data-error={name}>
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>{children}</Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('md.record.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={onSave} data-action="cfg-save">
          {busy ? t('md.record.saving') : t('md.record.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DraggableDialog from './DraggableDialog';

/**
 * The advice / complaint dialog. The spec embeds an external feedback form here; no
 * such form is configured for formwork yet, and the dialog says so instead of showing
 * an empty frame.
 */
export default function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DraggableDialog
      open={open}
      onClose={onClose}
      title={t('feedback.title')}
      name="feedback"
      width={640}
      height={320}
      actions={<Button onClick={onClose}>{t('feedback.close')}</Button>}
    >
      <Alert severity="info" data-not-available="feedback">
        {t('feedback.notAvailable')}
      </Alert>
    </DraggableDialog>
  );
}

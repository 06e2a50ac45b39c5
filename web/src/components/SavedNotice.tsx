import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';

/** The short "保存成功" / "Saved" notice after a successful save. */
export default function SavedNotice({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Snackbar open={open} autoHideDuration={3000} onClose={onClose} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="success" variant="filled" onClose={onClose} data-notice="saved">
        {t('save.success')}
      </Alert>
    </Snackbar>
  );
}

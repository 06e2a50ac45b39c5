import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';

export interface SavedNoticeProps {
  open: boolean;
  /** What went through: "saved" (a save), "lifecycle" (submit, approve, ...). */
  kind?: string;
  /** The text; default "保存成功" / "Saved". */
  message?: string;
  onClose: () => void;
}

/** The short success notice after a save or a lifecycle action. */
export default function SavedNotice({ open, kind = 'saved', message, onClose }: SavedNoticeProps) {
  const { t } = useTranslation();
  return (
    <Snackbar open={open} autoHideDuration={3000} onClose={onClose} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="success" variant="filled" onClose={onClose} data-notice={kind}>
        {message || t('save.success')}
      </Alert>
    </Snackbar>
  );
}

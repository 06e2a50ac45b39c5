import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface PromptNoticeProps {
  /** The message; nothing is shown while it is null. */
  message: string | null;
  detail?: string;
  onClose: () => void;
}

/** The error notification titled 提示 (Prompt) with the message in red; stays until closed. */
export default function PromptNotice({ message, detail, onClose }: PromptNoticeProps) {
  const { t } = useTranslation();
  return (
    <Snackbar
      open={message !== null}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
    >
      <Alert severity="error" variant="outlined" onClose={onClose} sx={{ bgcolor: 'background.paper', minWidth: 360 }} data-notice="prompt">
        <AlertTitle>{t('prompt.title')}</AlertTitle>
        <Typography color="error" sx={{ whiteSpace: 'pre-line' }} data-notice-message>
          {message}
        </Typography>
        {detail && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
            {detail}
          </Typography>
        )}
      </Alert>
    </Snackbar>
  );
}

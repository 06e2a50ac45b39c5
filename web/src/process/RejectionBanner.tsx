import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { Rejection } from '../api/process';

export interface RejectionBannerProps {
  /** Why the document was returned (the form answer's process.returned); nothing when absent. */
  returned?: Rejection | null;
}

/**
 * At the top of a returned document's form: the rejection reason, who rejected it and
 * when, from the form answer (the server's last reject). Nothing for any other state.
 */
export default function RejectionBanner({ returned }: RejectionBannerProps) {
  const { t } = useTranslation();
  if (!returned) return null;
  const name = returned.byTxt || returned.by;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-banner="returned">
      <AlertTitle>{t('recall.returned.title')}</AlertTitle>
      <Typography variant="body2" data-returned-reason>
        {`${t('recall.returned.reason')}：${returned.reason || t('recall.returned.noReason')}`}
      </Typography>
      <Typography variant="caption" color="text.secondary" data-returned-by={returned.by}>
        {t('recall.returned.by', { name, at: returned.at })}
      </Typography>
    </Alert>
  );
}

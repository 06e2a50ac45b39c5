import { Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSession } from '../auth/session';

/**
 * /mmdl: the mobile login. The guard has stored the mobile token (?token= with
 * ?sourceSystem=) by the time this renders; the page then opens the document named by
 * docType, businessId and action, or home, without header and sidebar.
 */
export default function MmdlPage() {
  const { t } = useTranslation();
  const { loggedIn, loginType } = useSession();
  const [params] = useSearchParams();
  if (loggedIn && loginType === 'mmdl') {
    const docType = params.get('docType');
    if (!docType) return <Navigate to="/Dashboard" replace />;
    const q = new URLSearchParams();
    for (const k of ['docType', 'businessId', 'action', 'uniquename']) {
      const v = params.get(k);
      if (v) q.set(k, v);
    }
    return <Navigate to={`/form?${q}`} replace />;
  }
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('auth.mmdlTitle')}
      </Typography>
      <Alert severity="error" data-error="mmdl">
        {t('auth.mmdlMissing')}
      </Alert>
    </Container>
  );
}

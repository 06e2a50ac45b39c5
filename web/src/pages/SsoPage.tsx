import { useEffect } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { loginOptionsQuery, ssoLoginUrlOf } from '../api/queries';
import { safeRedirect, ssoAddress } from '../auth/guard';
import { useSession } from '../auth/session';

/**
 * /sso: where single sign-on returns (the guard validates its ?ticket=). Opened without
 * a ticket it starts the single sign-on, or says that the server has none configured.
 */
export default function SsoPage() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const options = useQuery({ ...loginOptionsQuery(), enabled: !loggedIn });
  const ssoUrl = ssoLoginUrlOf(options.data);

  useEffect(() => {
    if (!loggedIn && ssoUrl) globalThis.location.assign(ssoAddress(ssoUrl, target));
  }, [loggedIn, ssoUrl, target]);

  if (loggedIn) return <Navigate to={target} replace />;
  if (options.isPending || ssoUrl) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }} aria-label={t('auth.ssoChecking')}>
        <CircularProgress />
      </Box>
    );
  }
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('auth.ssoTitle')}
      </Typography>
      <Alert severity="info" data-error="sso-not-configured" sx={{ mb: 2 }}>
        {t('auth.ssoNotConfigured')}
      </Alert>
      <Button component={RouterLink} to={`/login?${new URLSearchParams({ redirect: target })}`} variant="contained">
        {t('auth.toLogin')}
      </Button>
    </Container>
  );
}

import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useQuery } from '@tanstack/react-query';
import Divider from '@mui/material/Divider';
import { ApiError } from '../api/client';
import { LoginRejected } from '../api/auth';
import { loginOptionsQuery, ssoLoginUrlOf } from '../api/queries';
import { safeRedirect, ssoAddress } from '../auth/guard';
import { useSession } from '../auth/session';
import { LanguageSwitch } from '../shell/TopBar';

/**
 * /login: user name and password (POST /api/galaxycommon/login/auth), and single
 * sign-on when the server has it. A refusal shows the server's message; success goes to
 * the route the visitor wanted, or home.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = useQuery(loginOptionsQuery());
  const casLoginUrl = ssoLoginUrlOf(options.data);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(t('auth.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(username.trim(), password);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError) setError(t('save.serviceError', { code: err.serviceCode }));
      else setError(err instanceof LoginRejected && err.message ? err.message : t('auth.rejected'));
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, width: 380, maxWidth: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
          <ReceiptLongIcon />
          <Typography variant="h6" component="span">
            {t('app.name')}
          </Typography>
        </Box>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('auth.loginTitle')}
        </Typography>
        <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-form="login">
          <TextField
            id="login-username"
            label={t('auth.username')}
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoFocus
            required
          />
          <TextField
            id="login-password"
            type="password"
            label={t('auth.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          {error && (
            <Alert severity="error" data-error="login">
              {error}
            </Alert>
          )}
          <Button type="submit" variant="contained" size="large" disabled={busy} data-action="login">
            {busy ? t('auth.loggingIn') : t('auth.submit')}
          </Button>
          {casLoginUrl && (
            <>
              <Divider>{t('auth.or')}</Divider>
              <Button
                variant="outlined"
                size="large"
                data-action="sso"
                onClick={() => globalThis.location.assign(ssoAddress(casLoginUrl, safeRedirect(params.get('redirect'))))}
              >
                {t('auth.ssoButton')}
              </Button>
            </>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <LanguageSwitch />
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}

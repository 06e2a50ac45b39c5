import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import { ApiError } from '../api/client';
import { LoginRejected } from '../api/auth';
import { loginOptionsQuery, ssoLoginUrlOf } from '../api/queries';
import { isKnownPath } from '../routes';
import { decide } from './guard';
import { useSession } from './session';

function Waiting({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 10 }} aria-label={label} data-guard="waiting">
      <CircularProgress />
    </Box>
  );
}

/** A single sign-on ticket: validated once, then on to where the person was going. */
function TicketLogin({ ticket, service, then }: { ticket: string; service: string; then: string }) {
  const { t } = useTranslation();
  const { loginWithTicket } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef('');
  useEffect(() => {
    if (started.current === ticket) return;
    started.current = ticket;
    loginWithTicket(ticket, service).then(
      () => navigate(then, { replace: true }),
      (err: unknown) => setFailure((err instanceof LoginRejected || err instanceof ApiError) && err.message ? err.message : t('auth.ssoFailed')),
    );
  }, [ticket, service, then, loginWithTicket, navigate, t]);
  if (failure === null) return <Waiting label={t('auth.ssoChecking')} />;
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Alert severity="error" data-error="sso" sx={{ mb: 2 }}>
        {`${t('auth.ssoFailed')}: ${failure}`}
      </Alert>
      <Button component={RouterLink} to="/login" variant="outlined">
        {t('auth.toLogin')}
      </Button>
    </Container>
  );
}

/**
 * The navigation guard (navigation-and-access.md 2.1) around every route: see
 * auth/guard.ts for the decisions. It asks the server for its single sign-on address
 * only when a visitor without a session opens a route that needs one.
 */
export default function Guard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const origin = globalThis.location?.origin ?? '';

  const base = { pathname: location.pathname, search: location.search, origin, loggedIn: session.loggedIn, isKnownPath };
  const first = decide(base);
  // Only a visitor about to be sent to log in needs the server's single sign-on address.
  const needsSso = first.kind === 'redirect' && first.to.startsWith('/login') && location.pathname !== '/login';
  const options = useQuery({ ...loginOptionsQuery(), enabled: needsSso });
  const decision = needsSso && !options.isPending ? decide({ ...base, ssoLoginUrl: ssoLoginUrlOf(options.data) }) : first;

  const adoptKey = decision.kind === 'adopt' ? location.search : '';
  useEffect(() => {
    if (decision.kind !== 'adopt') return;
    session.adopt(decision.credentials);
    navigate(decision.then, { replace: true });
    // once per address that hands credentials over
  }, [adoptKey]);

  const ssoUrl = decision.kind === 'sso' ? decision.url : '';
  useEffect(() => {
    if (decision.kind === 'sso') globalThis.location.assign(decision.url);
  }, [ssoUrl]);

  if (needsSso && options.isPending) return <Waiting label={t('form.loading')} />;
  switch (decision.kind) {
    case 'allow':
      return <>{children}</>;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'ticket':
      return <TicketLogin ticket={decision.ticket} service={decision.service} then={decision.then} />;
    case 'adopt':
      return <Waiting label={t('auth.mmdlChecking')} />;
    case 'sso':
      return <Waiting label={t('auth.ssoChecking')} />;
  }
}

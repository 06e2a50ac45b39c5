import { startTransition, StrictMode, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTranslation } from 'react-i18next';
import appI18n from './i18n';
import App from './App';
import { portalTheme } from './theme';
import { boxStyles } from './widgets/box/boxStyles';
import { shellStyles } from './shell/shellStyles';
import type { Theme } from '@mui/material/styles';
import { ApiError } from './api/client';
import { SessionProvider } from './auth/session';
import { startEarlyLoad } from './form/earlyLoad';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // Only a call that got no answer is worth repeating; an answer stands.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status > 0),
    },
  },
});

// A stored document opened by its address is asked for now, alongside the session's requests.
startEarlyLoad(queryClient, window.location, appI18n.language);

/** The static style sheets of the form's fields and of the top bar, one GlobalStyles. */
const pageStyles = (theme: Theme) => ({ ...boxStyles(theme), ...shellStyles(theme) });

function Root() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const theme = useMemo(() => portalTheme(lang), [lang]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={pageStyles} />
      <BrowserRouter>
        <SessionProvider>
          <App />
        </SessionProvider>
      </BrowserRouter>
    </ThemeProvider>
  );
}

// As a transition: the first render yields now and then, so that the answers of the
// requests started above are read (and the next request sent) while it runs.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Root />
      </QueryClientProvider>
    </StrictMode>,
  ),
);

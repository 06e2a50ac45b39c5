import { useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useSession } from '../auth/session';
import { read, write } from '../auth/storage';
import { useMenu } from '../menu/useMenu';
import { docTypeEntries } from '../menu/menu';
import GuideDrawer from './GuideDrawer';
import Sidebar from './Sidebar';
import TopBar from './TopBar';

const collapsedKey = 'formwork.sidebarCollapsed';

/** Whether the page runs without header and sidebar: ?pureModel, or the mobile login (navigation-and-access.md 2.4). */
export function isPureMode(search: string, loginType: string): boolean {
  const v = new URLSearchParams(search).get('pureModel');
  const pure = v !== null && !['0', 'false', 'n', 'no'].includes(v.toLowerCase());
  return pure || loginType === 'mmdl';
}

/**
 * The portal layout: top bar, collapsible sidebar and the page. A visitor without a
 * session (on /404 or /403) sees the page alone.
 */
export default function Layout() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const menuState = useMenu();
  const [collapsed, setCollapsed] = useState(() => read(collapsedKey) === '1');
  const [guideOpen, setGuideOpen] = useState(false);

  const pure = isPureMode(location.search, session.loginType) || session.user?.hideNavigation === true;
  const shell = session.loggedIn && !pure;

  // Stable handlers: the top bar and the sidebar are memoised, and the session's and the
  // menu's answers arriving one by one re-render the layout, not them.
  const toggle = useCallback(
    () =>
      setCollapsed((c) => {
        write(collapsedKey, c ? '' : '1');
        return !c;
      }),
    [],
  );
  const openGuide = useCallback(() => setGuideOpen(true), []);
  const { logout } = session;
  const onLogout = useCallback(() => void logout(), [logout]);

  // The current user loaded, but names nobody: the handed-over address was wrong (navigation-and-access.md 8).
  const userInvalid = session.loggedIn && !session.userPending && !session.userFailed && (!session.user || !isPerson(session.user));

  const page = (
    <Box component="main" sx={{ flexGrow: 1, minWidth: 0, overflow: 'auto' }}>
      {userInvalid && (
        <Alert severity="error" data-error="user-invalid" sx={{ m: 2 }}>
          {t('auth.userInvalid')}
        </Alert>
      )}
      <Outlet />
    </Box>
  );

  if (!shell) return page;

  const contextDocType = location.pathname === '/form' ? (new URLSearchParams(location.search).get('docType') ?? '') : '';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <TopBar onGuide={openGuide} onLogout={onLogout} />
      <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
        <Sidebar menuState={menuState} collapsed={collapsed} onToggle={toggle} />
        {page}
      </Box>
      {guideOpen && (
        <GuideDrawer
          open
          onClose={() => setGuideOpen(false)}
          docTypes={docTypeEntries(menuState.menu).map((e) => e.docType!)}
          contextDocType={contextDocType}
        />
      )}
      {/* not done: the advice / complaint entry (top bar icon, floating button: navigation-and-access.md 2.4,
          documents.md 9) embeds an external feedback form; none is configured for this product, so it is not
          offered (DraggableDialog and pressKind are the pieces it will use). */}
    </Box>
  );
}

function isPerson(user: object): boolean {
  const u = user as Record<string, unknown>;
  return ['userId', 'username', 'empId', 'empNo', 'empName'].some((k) => u[k] !== undefined && u[k] !== null && u[k] !== '');
}

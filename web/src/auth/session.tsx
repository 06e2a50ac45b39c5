import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { loginWithPassword, loginWithTicket, logoutOnServer, queryPermission, type LoginData } from '../api/auth';
import { currentUserQuery } from '../api/queries';
import type { CurrentUser } from '../api/types';
import type { HandedCredentials } from './guard';
import {
  clearSession,
  hasCredential,
  keys,
  saveAllPermissions,
  saveLoginUser,
  saveMenuPermissions,
  session,
  write,
  type LoginRecord,
  type LoginType,
  type MenuPermission,
} from './storage';

export interface Session {
  /** Whether the browser holds a credential (the server may still refuse it: then 401 logs out). */
  loggedIn: boolean;
  user: CurrentUser | undefined;
  userPending: boolean;
  userFailed: boolean;
  loginRecord: LoginRecord | null;
  loginType: LoginType | '';
  menuPermissions: MenuPermission[];
  company: string;
  /** Credentials login: rejects with LoginRejected carrying the server's message. */
  login: (username: string, password: string) => Promise<void>;
  /** Single sign-on: validates the ticket for the service address. */
  loginWithTicket: (ticket: string, service: string) => Promise<void>;
  /** Stores credentials another system handed over in the address. */
  adopt: (credentials: HandedCredentials) => void;
  /**
   * Ends the session on the server and in the browser, then leaves: to the single
   * sign-on logout when the server names one (it ends that session too), else to /login.
   */
  logout: () => Promise<void>;
  setCompany: (company: string) => void;
}

const SessionContext = createContext<Session | null>(null);

/** The login record kept locally (navigation-and-access.md 3.1) from the current user. */
export function loginRecordOf(user: CurrentUser | undefined): LoginRecord | null {
  if (!user) return null;
  const s = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return {
    uniquename: s(user.username) || s(user.uniquename),
    employeeId: s(user.empId) || s(user.empNo) || s(user.employeeId),
    displayname: s(user.empName) || s(user.nickname) || s(user.displayname) || s(user.username),
    logonId: s(user.username) || s(user.logonId) || s(user.userId),
  };
}

function firstCompany(user: CurrentUser | undefined): string {
  if (!user) return '';
  if (typeof user.compId === 'string' && user.compId) return user.compId;
  return user.companies?.[0]?.key ?? '';
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Bumped whenever local storage changes, so the values below are read again.
  const [stamp, setStamp] = useState(0);
  const bump = useCallback(() => setStamp((n) => n + 1), []);

  const loggedIn = useMemo(() => hasCredential(), [stamp]);

  const userQuery = useQuery({ ...currentUserQuery(), enabled: loggedIn });
  const user = loggedIn ? userQuery.data : undefined;

  // Logged out: forget everything read for the person. Done after the render that
  // removed the pages reading it, so that none of them asks again without a session.
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) queryClient.clear();
    wasLoggedIn.current = loggedIn;
  }, [loggedIn, queryClient]);

  // Keep the login record and a company in step with the current user.
  // Bumped only when something was written: every page reading the session re-renders on a bump.
  useEffect(() => {
    if (!user) return;
    let wrote = false;
    if (!session.loginUser()) {
      saveLoginUser(loginRecordOf(user));
      wrote = true;
    }
    if (!session.company()) {
      write(keys.company, firstCompany(user));
      wrote = true;
    }
    if (wrote) bump();
  }, [user, bump]);

  // The router's navigate changes with every address: held in a ref, so the session's value
  // (and every page reading it) does not change with each navigation.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const finishLogin = useCallback(
    async (data: LoginData, type: LoginType) => {
      clearSession();
      write(keys.token, data.token);
      write(keys.loginType, type);
      saveMenuPermissions(data.menuPermissions);
      if (data.user) {
        saveLoginUser(loginRecordOf(data.user));
        write(keys.company, firstCompany(data.user));
      }
      try {
        saveAllPermissions(await queryPermission());
      } catch (err) {
        // A failed permission lookup rejects the login (navigation-and-access.md 8).
        clearSession();
        throw err;
      }
      queryClient.clear();
      if (data.user) queryClient.setQueryData(currentUserQuery().queryKey, data.user);
      bump();
    },
    [queryClient, bump],
  );

  const value = useMemo<Session>(
    () => ({
      loggedIn,
      user,
      userPending: loggedIn && userQuery.isPending,
      userFailed: loggedIn && userQuery.isError,
      loginRecord: session.loginUser(),
      loginType: session.loginType() || (typeof user?.loginType === 'string' ? (user.loginType as LoginType) : ''),
      menuPermissions: session.menuPermissions(),
      company: session.company(),
      login: async (username, password) => finishLogin(await loginWithPassword(username, password), 'password'),
      loginWithTicket: async (ticket, service) => finishLogin(await loginWithTicket(ticket, service), 'sso'),
      adopt: (c) => {
        clearSession();
        write(keys.token, c.token);
        write(keys.k2token, c.k2token);
        write(keys.ssctoken, c.ssctoken);
        write(keys.mmdlToken, c.mmdlToken);
        write(keys.sourceSystem, c.sourceSystem);
        write(keys.flag, c.flag);
        write(keys.loginType, c.loginType);
        queryClient.clear();
        bump();
      },
      logout: async () => {
        const casLogoutUrl = await logoutOnServer();
        clearSession();
        // Leave before the guard sees the session gone: it would send the page to log in again.
        // (The cache is emptied once the pages that read it are gone: see the effect above.)
        if (casLogoutUrl) {
          globalThis.location.assign(casLogoutUrl);
          return;
        }
        navigateRef.current('/login', { replace: true });
        bump();
      },
      setCompany: (company) => {
        write(keys.company, company);
        // Everything read so far belongs to the previous company.
        void queryClient.invalidateQueries();
        bump();
      },
    }),
    // stamp: local storage changed
    [loggedIn, user, userQuery.isPending, userQuery.isError, finishLogin, queryClient, bump, stamp],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session, or null outside <SessionProvider> (a page rendered on its own, in tests). */
export function useSessionMaybe(): Session | null {
  return useContext(SessionContext);
}

/** The session; only inside <SessionProvider>. */
export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside <SessionProvider>');
  return s;
}

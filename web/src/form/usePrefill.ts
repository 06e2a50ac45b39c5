import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionMaybe } from '../auth/session';
import type { Prefill } from '../masterdata/api';
import { prefillQuery } from '../masterdata/queries';

export interface PrefillState {
  /** The answer: undefined while asked, when it failed, or when none was asked. */
  answer: Prefill | undefined;
  /** Nothing more to wait for: answered, failed, or not asked. */
  settled: boolean;
}

/**
 * The signed-in user's prefill for a new document of docType (wanted: the form is a new
 * one), asked as the form opens, alongside its export, and held per user (prefillQuery):
 * one request for a new form. Waits for the user's name only while the session is still
 * learning it (a token handed over by another system); a failed answer fills nothing.
 */
export function usePrefill(docType: string, wanted: boolean): PrefillState {
  const { i18n } = useTranslation();
  const session = useSessionMaybe();
  const user = session?.loginRecord?.uniquename || (typeof session?.user?.username === 'string' ? session.user.username : '');
  // Outside a session (a page rendered on its own) the request goes out as the server's session decides.
  const signedIn = session ? session.loggedIn && user !== '' : true;
  const learningUser = Boolean(session?.loggedIn && user === '' && session.userPending);
  const enabled = wanted && Boolean(docType) && signedIn;
  const query = useQuery({ ...prefillQuery(docType, i18n.language, user), enabled });
  return { answer: query.data ?? undefined, settled: !(wanted && (learningUser || (enabled && query.isPending))) };
}

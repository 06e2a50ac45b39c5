import i18n from '../i18n';
import { notify } from '../shell/notices';
import { clearSession } from './storage';

/** How long 'not logged in!' stays on screen before the page reloads. */
export const RELOAD_DELAY_MS = 1500;

export interface NotLoggedInEffects {
  notify: (message: string) => void;
  clear: () => void;
  reload: () => void;
  delayMs: number;
}

const browserEffects: NotLoggedInEffects = {
  notify: (message) => void notify({ severity: 'error', message, autoHideMs: RELOAD_DELAY_MS + 1000 }),
  clear: clearSession,
  reload: () => globalThis.location?.reload(),
  delayMs: RELOAD_DELAY_MS,
};

let effects: NotLoggedInEffects = browserEffects;
let handling = false;

/**
 * What the app does when the server says "not logged in" (HTTP 401, or HTTP 500 with
 * code "400"): shows 'not logged in!', logs out locally (the server session is already
 * gone) and reloads the page once, which lands on the login page through the guard.
 * Calls that fail the same way meanwhile change nothing more. Returns whether this call
 * started the logout.
 */
export function handleNotLoggedIn(): boolean {
  if (handling) return false;
  handling = true;
  effects.notify(i18n.t('auth.notLoggedIn'));
  effects.clear();
  setTimeout(() => effects.reload(), effects.delayMs);
  return true;
}

/** For tests: replaces the browser effects and forgets an earlier logout. */
export function setNotLoggedInEffects(next: Partial<NotLoggedInEffects> | null): void {
  effects = next ? { ...browserEffects, ...next } : browserEffects;
  handling = false;
}

// The navigation guard's decisions (navigation-and-access.md 2.1), as a pure function
// of the address and what the browser holds, so that every case is unit-tested.

/** Routes that need no login (navigation-and-access.md 2.1). */
export const publicPaths = ['/login', '/sso', '/404', '/403', '/mmdl'] as const;

/** Query parameters that carry credentials from another system; removed once stored. */
export const credentialParams = ['token', 'k2token', 'ssctoken', 'sourceSystem', 'flag', 'ssoLogin', 'ticket'] as const;

/** Credentials another system handed over in the address. */
export interface HandedCredentials {
  /** The formwork session token (sent as X-token). */
  token?: string;
  k2token?: string;
  ssctoken?: string;
  /** The mobile-login token (sent as mmdlToken), from `token` on /mmdl. */
  mmdlToken?: string;
  sourceSystem: string;
  flag?: string;
  loginType: 'token' | 'k2' | 'ssc' | 'mmdl';
}

export type GuardDecision =
  | { kind: 'allow' }
  /** Go elsewhere inside the app (replace the history entry). */
  | { kind: 'redirect'; to: string }
  /** Validate a single sign-on ticket (GET login/cas?ticket=&service=), then go to `then`. */
  | { kind: 'ticket'; ticket: string; service: string; then: string }
  /** Store credentials handed over in the address, then go to `then` (the address without them). */
  | { kind: 'adopt'; credentials: HandedCredentials; then: string }
  /** Leave the app for the single sign-on login page. */
  | { kind: 'sso'; url: string };

export interface GuardInput {
  pathname: string;
  search: string;
  /** The app's origin, e.g. http://localhost:8080 (for the single sign-on service address). */
  origin: string;
  /** Whether the browser holds a session token or an alternate-login token. */
  loggedIn: boolean;
  /** The single sign-on login address (login/options casLoginUrl) when the server is configured for it. */
  ssoLoginUrl?: string;
  /** Whether pathname is a route of the app; unknown routes show the not-found page without login. */
  isKnownPath: (pathname: string) => boolean;
}

function without(params: URLSearchParams, names: readonly string[]): string {
  const rest = new URLSearchParams(params);
  for (const n of names) rest.delete(n);
  const s = rest.toString();
  return s ? `?${s}` : '';
}

function isPublic(pathname: string): boolean {
  return (publicPaths as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');
}

function falsy(v: string | null): boolean {
  return v !== null && ['0', 'false', 'n', 'no'].includes(v.toLowerCase());
}

/** Where /login and /sso send the person afterwards: their redirect parameter if it stays inside the app. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (isPublic(target.split(/[?#]/)[0])) return '/';
  return target;
}

/**
 * The single sign-on login address (the server's casLoginUrl, whose service parameter
 * is the portal's /sso page), with where the person was going added to the service as
 * ?redirect= so that they come back there. The server accepts its service address
 * with a query; one that has a query already is left alone.
 */
export function ssoAddress(casLoginUrl: string, target: string): string {
  let u: URL;
  try {
    u = new URL(casLoginUrl);
  } catch {
    return casLoginUrl;
  }
  const service = u.searchParams.get('service');
  if (!service || service.includes('?') || target === '/') return casLoginUrl;
  u.searchParams.set('service', `${service}?${new URLSearchParams({ redirect: target })}`);
  return u.toString();
}

/** The query string without one parameter, every other byte kept as it was (a ticket's service must match exactly). */
export function withoutParam(search: string, name: string): string {
  const parts = search.replace(/^\?/, '').split('&').filter((p) => p !== '' && p.split('=')[0] !== name);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * Decides what to do with a navigation, in this order:
 * 1. `ticket` in the address: validate it (single sign-on came back).
 * 2. `token`, `k2token` or `ssctoken` together with `sourceSystem`: store them and go
 *    on without them in the address (`token` is the mobile-login token on /mmdl and the
 *    session token elsewhere). Without `sourceSystem` they are ignored: another system
 *    must say who it is.
 * 3. Routes without login (/login, /sso, /404, /403, /mmdl) are shown; /login sends a
 *    logged-in person to /. Other routes are shown to a logged-in person (the router
 *    shows unknown ones as not found).
 * 4. Not logged in: unknown routes go to /404; known ones to single sign-on when the server is configured for it (unless
 *    `ssoLogin=0`), otherwise to /login with the route as `redirect`.
 */
export function decide(input: GuardInput): GuardDecision {
  const { pathname, origin, loggedIn, ssoLoginUrl } = input;
  const params = new URLSearchParams(input.search);
  const target = pathname + without(params, credentialParams);

  const ticket = params.get('ticket');
  if (ticket) {
    const service = origin + pathname + withoutParam(input.search, 'ticket');
    const then = pathname === '/sso' ? safeRedirect(params.get('redirect')) : target;
    return { kind: 'ticket', ticket, service, then };
  }

  const sourceSystem = params.get('sourceSystem') ?? '';
  const token = params.get('token') ?? '';
  const k2token = params.get('k2token') ?? '';
  const ssctoken = params.get('ssctoken') ?? '';
  if (sourceSystem && (token || k2token || ssctoken)) {
    const mobile = pathname === '/mmdl';
    const credentials: HandedCredentials = {
      sourceSystem,
      flag: params.get('flag') ?? undefined,
      loginType: mobile ? 'mmdl' : k2token ? 'k2' : ssctoken ? 'ssc' : 'token',
    };
    if (token) credentials[mobile ? 'mmdlToken' : 'token'] = token;
    if (k2token) credentials.k2token = k2token;
    if (ssctoken) credentials.ssctoken = ssctoken;
    return { kind: 'adopt', credentials, then: target };
  }

  if (isPublic(pathname)) {
    if (pathname === '/login' && loggedIn) return { kind: 'redirect', to: '/' };
    return { kind: 'allow' };
  }
  if (loggedIn) return { kind: 'allow' };
  if (!input.isKnownPath(pathname)) return { kind: 'redirect', to: '/404' };

  if (ssoLoginUrl && !falsy(params.get('ssoLogin'))) {
    return { kind: 'sso', url: ssoAddress(ssoLoginUrl, target) };
  }
  const back = target === '/' ? '' : `?${new URLSearchParams({ redirect: target })}`;
  return { kind: 'redirect', to: `/login${back}` };
}

import { apiCall, apiEnvelope, ApiError } from './client';
import type { CurrentUser, MenuNode, Permission, Schemas } from './types';

/** What a successful login (credentials or single sign-on ticket) hands over: LoginAnswer, its menus a list. */
export interface LoginData {
  token: string;
  menuPermissions: MenuNode[];
  user?: CurrentUser;
}

/** Login refused: the server's message is the reason shown (navigation-and-access.md 8). */
export class LoginRejected extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'LoginRejected';
    this.code = code;
  }
}

function loginData(envelope: { code?: string; message?: string; data?: unknown }): LoginData {
  const data = (envelope.data ?? {}) as Partial<LoginData>;
  if ((envelope.code !== '200' && envelope.code !== 'S000') || !data.token) {
    throw new LoginRejected(envelope.code ?? '', envelope.message ?? '');
  }
  return { token: data.token, menuPermissions: Array.isArray(data.menuPermissions) ? data.menuPermissions : [], user: data.user };
}

function rejectedByHttp(err: unknown): never {
  // The server's refusal in its own words; anything else (no answer, no message) stays an ApiError: the service exception.
  if (err instanceof ApiError && err.status > 0 && err.serverMessage) throw new LoginRejected(err.code || String(err.status), err.serverMessage);
  throw err;
}

/**
 * POST /api/galaxycommon/login/auth {username, password}. Code "200" is success; any
 * other code rejects with LoginRejected carrying the server's message.
 */
export async function loginWithPassword(username: string, password: string): Promise<LoginData> {
  const body: Schemas['PasswordLogin'] = { username, password };
  const envelope = await apiEnvelope<Schemas['LoginAnswer'] | null>('POST', '/api/galaxycommon/login/auth', body, { quietAuth: true }).catch(
    rejectedByHttp,
  );
  return loginData(envelope);
}

/** GET /api/galaxycommon/login/cas?ticket=&service=: validates a single sign-on ticket. */
export async function loginWithTicket(ticket: string, service: string): Promise<LoginData> {
  const q = new URLSearchParams({ ticket, service });
  const envelope = await apiEnvelope<Schemas['LoginAnswer'] | null>('GET', `/api/galaxycommon/login/cas?${q}`, undefined, { quietAuth: true }).catch(
    rejectedByHttp,
  );
  return loginData(envelope);
}

/** POST /api/galaxycommon/searchhelp/queryPermission: permissions by permissionType and permissionId. */
export async function queryPermission(): Promise<Permission[]> {
  const data = await apiCall<Permission[] | null>('POST', '/api/galaxycommon/searchhelp/queryPermission', {});
  return Array.isArray(data) ? data : [];
}

/**
 * GET /api/galaxyform/cas/logout: ends the session on the server. Returns the single
 * sign-on logout address when the server has one (data.casLogoutUrl), else ''. Never
 * throws: the local logout goes on regardless.
 */
export async function logoutOnServer(): Promise<string> {
  try {
    const envelope = await apiEnvelope<Schemas['LogoutAnswer'] | null>('GET', '/api/galaxyform/cas/logout', undefined, { quietAuth: true });
    const url = envelope.data?.casLogoutUrl;
    return typeof url === 'string' ? url : '';
  } catch {
    return ''; // already gone or unreachable
  }
}

/** GET /api/galaxycommon/user/current. */
export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiCall<CurrentUser>('GET', '/api/galaxycommon/user/current', undefined, signal);
}

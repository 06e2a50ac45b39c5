// What the browser keeps between page loads about the signed-in person
// (navigation-and-access.md 9: the token under `token`, `menuPermissions`,
// `allPermissions`; 3.1: the login record).

/** One entry of login's data.menuPermissions. */
export interface MenuPermission {
  permissionUrl?: string;
  menuCode?: string;
  [key: string]: unknown;
}

/** One entry of queryPermission: permissions grouped by permissionType and permissionId. */
export interface PermissionEntry {
  permissionType?: string;
  permissionId?: string;
  [key: string]: unknown;
}

/** The locally kept login record (navigation-and-access.md 3.1). */
export interface LoginRecord {
  uniquename: string;
  employeeId: string;
  displayname: string;
  logonId: string;
}

/** Alternate login types: a workflow-system token, a shared-service token, a mobile login. */
export type LoginType = 'password' | 'sso' | 'token' | 'k2' | 'ssc' | 'mmdl';

export const keys = {
  token: 'token',
  menuPermissions: 'menuPermissions',
  allPermissions: 'allPermissions',
  loginUser: 'loginUser',
  company: 'company',
  loginType: 'loginType',
  sourceSystem: 'sourceSystem',
  flag: 'flag',
  k2token: 'k2token',
  ssctoken: 'ssctoken',
  mmdlToken: 'mmdlToken',
} as const;

/** Kept across a logout: the interface language is the browser's choice, not the session's. */
const survivesLogout = new Set(['formwork.lang']);

function store(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function read(key: string): string {
  try {
    return store()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Writes (or, given nothing, removes) key; false when it could not be stored (no storage, or full). */
export function write(key: string, value: string | null | undefined): boolean {
  try {
    const s = store();
    if (!s) return false;
    if (value == null || value === '') s.removeItem(key);
    else s.setItem(key, value);
    return true;
  } catch {
    // No storage (private mode): the session lasts for this page only; or the storage is full.
    return false;
  }
}

/** key's JSON, or fallback when there is none or it does not parse. */
export function readJson<T>(key: string, fallback: T): T {
  const raw = read(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export const session = {
  token: () => read(keys.token),
  k2token: () => read(keys.k2token),
  ssctoken: () => read(keys.ssctoken),
  mmdlToken: () => read(keys.mmdlToken),
  company: () => read(keys.company),
  loginType: () => read(keys.loginType) as LoginType | '',
  sourceSystem: () => read(keys.sourceSystem),
  menuPermissions: () => readJson<MenuPermission[]>(keys.menuPermissions, []),
  allPermissions: () => readJson<PermissionEntry[]>(keys.allPermissions, []),
  loginUser: () => readJson<LoginRecord | null>(keys.loginUser, null),
};

/** Whether any credential is kept: the session token or an alternate-login token. */
export function hasCredential(): boolean {
  return Boolean(session.token() || session.k2token() || session.ssctoken() || session.mmdlToken());
}

export function saveMenuPermissions(list: MenuPermission[]): void {
  write(keys.menuPermissions, JSON.stringify(list ?? []));
}

export function saveAllPermissions(list: PermissionEntry[]): void {
  write(keys.allPermissions, JSON.stringify(list ?? []));
}

export function saveLoginUser(record: LoginRecord | null): void {
  write(keys.loginUser, record ? JSON.stringify(record) : null);
}

/**
 * Logout's local half: removes every key of local storage except the language choice,
 * so the next person starts from nothing.
 */
export function clearSession(): void {
  const s = store();
  if (!s) return;
  try {
    const names: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k && !survivesLogout.has(k)) names.push(k);
    }
    for (const k of names) s.removeItem(k);
  } catch {
    // nothing kept, nothing to clear
  }
}

// The configuration centre's administration (adapters/httpapi/adminapi): users and
// roles (userManage), the server's log (logQuery), the master-data board (dataSync)
// and the master-data changes (dataModify). Types are docs/openapi.json's.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall, ApiError } from '../api/client';
import type { Schemas } from '../api/types';

export type Account = Schemas['Account'];
export type AccountInput = Schemas['AccountInput'];
export type AccountPage = Schemas['AccountPage'];
export type RoleView = Schemas['RoleView'];
export type RoleInput = Schemas['RoleInput'];
export type PasswordInput = Schemas['PasswordInput'];
export type LogEntry = Schemas['LogEntry'];
export type LogPage = Schemas['LogPage'];
export type BoardRow = Schemas['MasterDataBoardRow'];
export type MasterDataChange = Schemas['MasterDataChange'];
export type ChangePage = Schemas['MasterDataChangePage'];

const usersUrl = '/api/formwork/admin/users';

/** The query string of the set values of params ('' and undefined left out). */
export function queryString(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== '') q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export interface UserQuery {
  q: string;
  status: string;
  role: string;
  page: number;
  pageSize: number;
}

export const usersQuery = (query: UserQuery) =>
  queryOptions({
    queryKey: ['admin', 'users', query],
    queryFn: ({ signal }) => apiCall<AccountPage>('GET', usersUrl + queryString({ ...query }), undefined, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

const rolesUrl = '/api/formwork/admin/roles';

export const rolesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'roles'],
    queryFn: ({ signal }) => apiCall<RoleView[]>('GET', rolesUrl, undefined, signal),
    staleTime: 60_000,
    retry: false,
  });

const roleUrl = (id: string) => `${rolesUrl}/${encodeURIComponent(id)}`;

/** Creates a role (id given) or changes one (the id of the row edited). */
export function saveRole(existing: string | null, input: RoleInput): Promise<RoleView> {
  return existing ? apiCall<RoleView>('PUT', roleUrl(existing), input) : apiCall<RoleView>('POST', rolesUrl, input);
}

/** Deletes a role no user holds (the server refuses naming the holders otherwise). */
export const deleteRole = (id: string) => apiCall<{ id: string; removed: boolean }>('DELETE', roleUrl(id));

const userUrl = (username: string) => `${usersUrl}/${encodeURIComponent(username)}`;

/** Creates a user (username given) or changes one (the username of the row edited). */
export function saveUser(existing: string | null, input: AccountInput): Promise<Account> {
  return existing ? apiCall<Account>('PUT', userUrl(existing), input) : apiCall<Account>('POST', usersUrl, input);
}

export const resetPassword = (username: string, input: PasswordInput) =>
  apiCall<{ username: string; sessionsEnded: boolean }>('POST', `${userUrl(username)}/password`, input);

/** The field a refusal names (data.path of adminapi's refusals), '' when none. */
export function refusedField(error: unknown): string {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return '';
  const path = (error.data as { path?: unknown }).path;
  return typeof path === 'string' ? path : '';
}

export interface LogQuery {
  kind: string;
  user: string;
  from: string;
  to: string;
  q: string;
  page: number;
  pageSize: number;
}

/** The kinds of log entries the server records (logbook.Kinds). */
export const LOG_KINDS = ['signin', 'signinFailure', 'lockout', 'user', 'document', 'masterdata'] as const;

export const logsQuery = (query: LogQuery) =>
  queryOptions({
    queryKey: ['admin', 'logs', query],
    queryFn: ({ signal }) => apiCall<LogPage>('GET', '/api/formwork/logs' + queryString({ ...query }), undefined, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

export const boardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'board'],
    queryFn: ({ signal }) => apiCall<BoardRow[]>('GET', '/api/formwork/admin/masterdata/board', undefined, signal),
    staleTime: 0,
    retry: false,
  });

export interface ChangeQuery {
  type: string;
  key: string;
  page: number;
  pageSize: number;
}

export const changesQuery = (query: ChangeQuery) =>
  queryOptions({
    queryKey: ['admin', 'changes', query],
    queryFn: ({ signal }) => apiCall<ChangePage>('GET', '/api/formwork/admin/masterdata/changes' + queryString({ ...query }), undefined, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

/** A value of a changed field as text: names in the reader's language, lists and objects as JSON. */
export function valueText(v: unknown, lang: string): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const own = o[lang] ?? o.zh ?? o.en;
    if (typeof own === 'string') return own;
  }
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

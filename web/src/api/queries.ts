import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from './client';
import { fetchCurrentUser } from './auth';
import type { DocTypeEntry, FormDocument, FormExport } from './types';
import { fetchProcessHistory } from './process';
import { queryWorklist, type WorklistRequest } from './worklist';

// Every server read the app makes: queryKey and queryFn kept together.

/**
 * GET /api/formwork/registry/docTypes[?edition=]: with an edition, the types as its
 * companies see them (one entry per code); without, every edition's. The language is in
 * the key: titles follow it.
 */
export const docTypesQuery = (lang: string, edition = '') =>
  queryOptions({
    queryKey: ['docTypes', lang, edition],
    queryFn: ({ signal }) =>
      apiCall<DocTypeEntry[]>('GET', `/api/formwork/registry/docTypes${edition ? `?edition=${encodeURIComponent(edition)}` : ''}`, undefined, signal),
    staleTime: 5 * 60_000,
  });

/** One edition of the catalogue and the companies (sets of books) that work in it. */
export interface EditionEntry {
  key: string;
  title?: unknown;
  default?: boolean;
  companies?: string[];
  sobs?: string[];
}

/** GET /api/formwork/registry/editions. */
export const editionsQuery = () =>
  queryOptions({
    queryKey: ['editions'],
    queryFn: ({ signal }) => apiCall<EditionEntry[]>('GET', '/api/formwork/registry/editions', undefined, signal),
    staleTime: Infinity,
    retry: false,
  });

/** The edition a company works in: the one listing it, else the default; '' when unknown (the server picks). */
export function editionOf(editions: EditionEntry[] | undefined, company: string): string {
  if (!editions?.length) return '';
  const listed = company ? editions.find((e) => e.companies?.includes(company)) : undefined;
  return (listed ?? editions.find((e) => e.default))?.key ?? '';
}

export interface FormExportParams {
  docType: string;
  subType: string;
  action: string;
  lang: string;
  /** The catalogue edition (from the document's company); '' for the server's default. */
  edition?: string;
  /** The schema version a stored document was saved with; absent for the live one. */
  version?: number;
}

/**
 * GET /api/formwork/registry/docTypes/{docType}/form?subType=&action=[&edition=&version=].
 * While a new sub-type loads, the previous form stays on screen.
 */
export const formExportQuery = ({ docType, subType, action, lang, edition = '', version }: FormExportParams) =>
  queryOptions({
    queryKey: ['formExport', docType, subType, action, lang, edition, version ?? null],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams();
      if (subType) q.set('subType', subType);
      q.set('action', action);
      if (edition) q.set('edition', edition);
      if (version) q.set('version', String(version));
      return apiCall<FormExport>(
        'GET',
        `/api/formwork/registry/docTypes/${encodeURIComponent(docType)}/form?${q.toString()}`,
        undefined,
        signal,
      );
    },
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** GET /api/galaxyform/yx/{family}/head/load?businessId=. */
export const documentQuery = (family: string, businessId: string) =>
  queryOptions({
    queryKey: ['document', family, businessId],
    queryFn: ({ signal }) =>
      apiCall<FormDocument>(
        'GET',
        `/api/galaxyform/yx/${encodeURIComponent(family)}/head/load?businessId=${encodeURIComponent(businessId)}`,
        undefined,
        signal,
      ),
    // Read again whenever a page opens it (someone may have moved it on meanwhile), but
    // not on focus or reconnect: that would overwrite what the person is typing.
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

/**
 * GET /api/galaxyform/process/history?businessId=: state, allowed actions, tasks and
 * events of a stored document. The language is in the key: the ...Txt texts follow it.
 */
export const processHistoryQuery = (businessId: string, lang: string) =>
  queryOptions({
    queryKey: ['processHistory', businessId, lang],
    queryFn: ({ signal }) => fetchProcessHistory(businessId, signal),
    staleTime: 0,
    // Not on focus: an approver who has decided may no longer open the document (403).
    refetchOnWindowFocus: false,
    retry: false,
  });

/** POST /api/galaxyform/worklist/query: one page of a worklist; the previous page stays while the next loads. */
export const worklistQuery = (request: WorklistRequest, lang: string) =>
  queryOptions({
    queryKey: ['worklist', request.list, lang, request],
    queryFn: ({ signal }) => queryWorklist(request, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

/** One person of POST /api/galaxyform/searchhelp/queryEmployeeInfo: key employee id, value name, attr1 username. */
export interface EmployeeOption {
  key: string;
  value: string;
  attr1?: string;
  attr3?: string;
  attr9?: string;
}

/** Search help for people (the add-sign approver): at most 50, matching id, number, username or name. */
export const employeeSearchQuery = (searchTxt: string, lang: string) =>
  queryOptions({
    queryKey: ['employeeSearch', lang, searchTxt],
    queryFn: ({ signal }) =>
      apiCall<EmployeeOption[]>('POST', '/api/galaxyform/searchhelp/queryEmployeeInfo', searchTxt ? { searchTxt } : {}, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });

/** GET /api/galaxycommon/user/current: the signed-in person. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['currentUser'],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: Infinity,
    retry: false,
  });

/** GET /api/galaxycommon/menu/tree: the menu filtered by the person's menu codes (raw; see menu/menu.ts). */
export const menuTreeQuery = () =>
  queryOptions({
    queryKey: ['menuTree'],
    queryFn: ({ signal }) => apiCall<unknown>('GET', '/api/galaxycommon/menu/tree', undefined, signal),
    staleTime: Infinity,
    retry: false,
  });

/**
 * How the server lets people in, asked without a session: GET
 * /api/galaxycommon/login/options -> casLoginUrl (empty without single sign-on; it
 * carries the service address), passwordLogin, menuVariant.
 */
export interface LoginOptions {
  casLoginUrl?: string;
  passwordLogin?: boolean;
  menuVariant?: string;
}

export const loginOptionsQuery = () =>
  queryOptions({
    queryKey: ['loginOptions'],
    queryFn: ({ signal }) => apiCall<LoginOptions | null>('GET', '/api/galaxycommon/login/options', undefined, signal, { quietAuth: true }),
    staleTime: Infinity,
    retry: false,
  });

/** The single sign-on login address, when the server is configured for it. */
export function ssoLoginUrlOf(options: LoginOptions | null | undefined): string {
  const v = options?.casLoginUrl;
  return typeof v === 'string' ? v : '';
}

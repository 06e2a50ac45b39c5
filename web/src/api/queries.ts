import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from './client';
import { fetchCurrentUser } from './auth';
import type { DocTypeEntry, EditionEntry, Option, Schemas } from './types';
import { cachedExport, fetchExport } from './exportCache';
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
  /**
   * The ETag of the export a save or a load named (form.schema.etag), when it is the one
   * asked for: an export held under it is used without a request.
   */
  etag?: string;
}

/** The address of an export (without the language, which every call adds). */
export function formExportUrl({ docType, subType, action, edition = '', version }: FormExportParams): string {
  const q = new URLSearchParams();
  if (subType) q.set('subType', subType);
  q.set('action', action);
  if (edition) q.set('edition', edition);
  if (version) q.set('version', String(version));
  return `/api/formwork/registry/docTypes/${encodeURIComponent(docType)}/form?${q.toString()}`;
}

/**
 * GET /api/formwork/registry/docTypes/{docType}/form?subType=&action=[&edition=&version=]:
 * from the cache by etag when one is named and held, else asked (revalidated with
 * If-None-Match when an earlier answer from the same address is held). While a new
 * sub-type loads, the previous form stays on screen.
 */
export const formExportQuery = (params: FormExportParams) => {
  const { docType, subType, action, lang, edition = '', version, etag } = params;
  return queryOptions({
    queryKey: ['formExport', docType, subType, action, lang, edition, version ?? null, etag ?? null],
    queryFn: ({ signal }) => fetchExport(formExportUrl(params), lang, signal, etag),
    initialData: etag ? () => cachedExport(lang, etag) : undefined,
    placeholderData: keepPreviousData,
    // An export named by its etag does not change; one asked by address is revalidated after 5 minutes.
    staleTime: etag ? Infinity : 5 * 60_000,
    retry: false,
  });
};

/** The query key of a stored document's load (its answer: the document and its form). */
export const storedFormKey = (businessId: string, action: string) => ['storedForm', businessId, action] as const;

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
export type EmployeeOption = Option;

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
export type LoginOptions = Schemas['LoginOptions'];

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

// The HTTP contract of master data (issue 11 item 8): types, forms, records, names,
// spreadsheet export and import, and the prefill of a new document. Every answer is the
// usual envelope; a refused write is ApiError (422 ECHECK with findings, 409 stale).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { apiBlob, apiCall, ApiError, type DownloadedFile } from '../api/client';

/** Who may do what with a master-data type, and how it is shown (GET /api/formwork/masterdata). */
export interface MasterDataType {
  code: string;
  /** In the user's language. */
  title: string;
  /** The configuration area it belongs to (catalogue page groups by it). */
  area: string;
  /** The menu path whose entry opens its list ('' when none). */
  menu: string;
  /** The body field shown as the record's name. */
  display: string;
  /** The body fields the picker and the list search. */
  search: string[];
  /** The body fields that make up the record's key. */
  keys: string[];
  /** Records belong to one company ("company") or to the whole group. */
  scope: 'company' | 'group';
  /** Records carry validFrom / validTo. */
  dated: boolean;
  canRead: boolean;
  canWrite: boolean;
}

/** A stored master-data record. */
export interface MasterRecord {
  type: string;
  key: string;
  company: string;
  active: boolean;
  validFrom: string;
  validTo: string;
  version: number;
  updatedAt: string;
  updatedBy: string;
  /** The display field in the user's language. */
  display: string;
  body: Record<string, unknown>;
}

/** One page of records. */
export interface RecordPage {
  total: number;
  rows: MasterRecord[];
}

/** JSON Schema 2020-12 + rjsf uiSchema of a type's record body. */
export interface RecordForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  etag: string;
}

/** The list's question: search text, filters, sort ("code", "-code") and paging (1-based). */
export interface RecordQuery {
  q?: string;
  company?: string;
  /** Only active (true) or only inactive (false) records; undefined: both. */
  active?: boolean;
  page?: number;
  pageSize?: number;
  sort?: string;
}

/** What a create or an update sends; an update also the version it changes. */
export interface RecordInput {
  version?: number;
  company?: string;
  active?: boolean;
  validFrom?: string;
  validTo?: string;
  body: Record<string, unknown>;
}

/** The answer of a delete: removed, or only deactivated because documents refer to it. */
export interface DeactivateResult {
  key: string;
  removed: boolean;
  active: false;
}

/** A refusal at one field of a record, or at one cell of an imported sheet (row is the sheet's row number). */
export interface RecordFinding {
  path: string;
  code: string;
  message: string;
  row?: number;
}

export interface ImportResult {
  created: number;
  updated: number;
}

/** A new document's values from the signed-in user's employee record, with their ...Txt names. */
export type Prefill = Record<string, string>;

/** The master-data type of the company a company-scoped record belongs to. */
export const COMPANY_TYPE = 'company';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const base = '/api/formwork/masterdata';

/** The address of a type (and of one record of it); keys with "/" are escaped. */
export function typeUrl(type: string, key?: string): string {
  const t = `${base}/${encodeURIComponent(type)}`;
  return key === undefined ? t : `${t}/records/${encodeURIComponent(key)}`;
}

/** The address of a page of records: only the parameters that are set. */
export function recordsUrl(type: string, query: RecordQuery): string {
  const q = new URLSearchParams();
  if (query.q) q.set('q', query.q);
  if (query.company) q.set('company', query.company);
  if (query.active !== undefined) q.set('active', String(query.active));
  if (query.page) q.set('page', String(query.page));
  if (query.pageSize) q.set('pageSize', String(query.pageSize));
  if (query.sort) q.set('sort', query.sort);
  const s = q.toString();
  return `${typeUrl(type)}/records${s ? `?${s}` : ''}`;
}

/** GET /api/formwork/masterdata: the types this user may read. */
export const fetchTypes = (signal?: AbortSignal) => apiCall<MasterDataType[]>('GET', base, undefined, signal);

/** GET .../:type/form. */
export const fetchRecordForm = (type: string, signal?: AbortSignal) => apiCall<RecordForm>('GET', `${typeUrl(type)}/form`, undefined, signal);

/** GET .../:type/records?... */
export const fetchRecords = (type: string, query: RecordQuery, signal?: AbortSignal) =>
  apiCall<RecordPage>('GET', recordsUrl(type, query), undefined, signal);

/** GET .../:type/records/:key. */
export const fetchRecord = (type: string, key: string, signal?: AbortSignal) => apiCall<MasterRecord>('GET', typeUrl(type, key), undefined, signal);

/** POST .../:type/records (no key: a new record) or PUT .../:type/records/:key (with its version). */
export function saveRecord(type: string, key: string | null, input: RecordInput): Promise<MasterRecord> {
  return key === null ? apiCall<MasterRecord>('POST', `${typeUrl(type)}/records`, input) : apiCall<MasterRecord>('PUT', typeUrl(type, key), input);
}

/** DELETE .../:type/records/:key?version=N. */
export const deactivateRecord = (type: string, key: string, version: number) =>
  apiCall<DeactivateResult>('DELETE', `${typeUrl(type, key)}?version=${version}`);

/** GET .../:type/names?keys=a,b: display names of the keys the store knows (others are left out). */
export const fetchNames = (type: string, keys: readonly string[], signal?: AbortSignal) =>
  apiCall<Record<string, string>>('GET', `${typeUrl(type)}/names?${new URLSearchParams({ keys: keys.join(',') })}`, undefined, signal);

/** GET .../:type/export.xlsx: the records as a spreadsheet. */
export const downloadExport = (type: string): Promise<DownloadedFile> => apiBlob(`${typeUrl(type)}/export.xlsx`, XLSX_TYPE);

/** GET .../prefill?docType=: a new document's values from the user's employee record. */
export const fetchPrefill = (docType: string, signal?: AbortSignal) =>
  apiCall<Prefill>('GET', `${base}/prefill?${new URLSearchParams({ docType })}`, undefined, signal);

/** The findings of a refusal (422 ECHECK data.findings), or none. */
export function findingsOf(error: unknown): RecordFinding[] {
  if (!(error instanceof ApiError)) return [];
  const data = error.data as { findings?: unknown } | null;
  return Array.isArray(data?.findings) ? (data.findings as RecordFinding[]) : [];
}

/** Whether a write was refused because someone else changed the record first. */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;

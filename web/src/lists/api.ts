import { ApiError, apiCall, dispositionFileName, identityHeaders, withLang, type DownloadedFile } from '../api/client';
import type { Schemas } from '../api/types';
import i18n from '../i18n';

// POST /api/formwork/documents/query and .../export.xlsx: the generic document list.

export type SortField = Schemas['DocumentQuerySort']['field'];
export type QuickRangeName = Schemas['DocumentQueryFilters']['quickRange'];

/** The filters as the page sends them: each one left out when blank. */
export type DocumentFilters = Partial<{
  subType: string;
  status: string[];
  companyCode: string;
  department: string;
  applicant: string;
  dateFrom: string;
  dateTo: string;
  quickRange: QuickRangeName;
  amountFrom: string;
  amountTo: string;
}>;

/** The body of a list query (and of its export). */
export interface DocumentQueryBody {
  docType?: string;
  q?: string;
  filters?: DocumentFilters;
  sort?: { field: SortField; order: 'asc' | 'desc' };
  page: number;
  pageSize: number;
}

export type DocumentRow = Schemas['ListRow'];
export type DocumentPage = Schemas['ListPage'];

export const QUERY_URL = '/api/formwork/documents/query';
export const EXPORT_URL = '/api/formwork/documents/export.xlsx';

export function queryDocuments(body: DocumentQueryBody, signal?: AbortSignal): Promise<DocumentPage> {
  return apiCall<DocumentPage>('POST', QUERY_URL, body, signal);
}

/** How far an export is: the rows the sheet holds (once the server said) and the bytes received. */
export interface ExportProgress {
  rows: number | null;
  received: number;
}

/**
 * POSTs the list's body to the export and reads the spreadsheet as it arrives, telling
 * onProgress how much came. A refusal (a bad filter, more rows than the export takes)
 * throws ApiError with the server's message.
 */
export async function exportDocuments(body: DocumentQueryBody, onProgress: (p: ExportProgress) => void, signal?: AbortSignal): Promise<DownloadedFile> {
  let res: Response;
  try {
    res = await fetch(withLang(EXPORT_URL, i18n.language), {
      method: 'POST',
      signal,
      headers: { Accept: XLSX, 'Content-Type': 'application/json', 'Accept-Language': i18n.language, ...identityHeaders() },
      body: JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'ENETWORK', '', null, 0);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let envelope: { code?: string; message?: string; data?: unknown } = {};
    try {
      envelope = JSON.parse(text);
    } catch {
      // not an envelope: the status says it
    }
    throw new ApiError(res.status, envelope.code ?? '', envelope.message ?? '', envelope.data ?? null);
  }
  const total = res.headers.get('X-Total-Count');
  const rows = total === null ? null : Number(total);
  const parts: BlobPart[] = [];
  let received = 0;
  onProgress({ rows, received });
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress({ rows, received });
    }
  } else {
    parts.push(await res.blob());
  }
  return { blob: new Blob(parts, { type: XLSX }), fileName: dispositionFileName(res.headers.get('Content-Disposition')) };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

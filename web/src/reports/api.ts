// The report centre's calls (adapters/httpapi/reportapi).
import { queryOptions } from '@tanstack/react-query';
import i18n from '../i18n';
import { ApiError, apiCall, dispositionFileName, identityHeaders, withLang, type DownloadedFile } from '../api/client';
import type { Schemas } from '../api/types';
import { XLSX_TYPE } from '../masterdata/api';

export const REPORTS_API = '/api/formwork/reports';

export type ReportSummary = Schemas['ReportSummary'];
export type ReportResult = Schemas['ReportResult'];
export type ReportParam = Schemas['ReportParam'];
export type ReportColumn = Schemas['ReportColumn'];
export type ReportChart = Schemas['ReportChart'];

/** A run's parameters by name: a text, or a list of texts. */
export type ParamValues = Record<string, string | string[]>;

/** The reports the signed-in user may run, in the page's language. */
export const reportsQuery = (lang: string) =>
  queryOptions({
    queryKey: ['reports', lang],
    queryFn: ({ signal }) => apiCall<ReportSummary[]>('GET', REPORTS_API, undefined, signal),
    staleTime: 60_000,
  });

/** Runs a report: blank parameters are left out (the server takes their defaults). */
export function runReport(code: string, params: ParamValues, signal?: AbortSignal): Promise<ReportResult> {
  return apiCall<ReportResult>('POST', `${REPORTS_API}/${encodeURIComponent(code)}/run`, { params: sent(params) }, signal);
}

/** The parameters as sent: those with a value. */
export function sent(params: ParamValues): ParamValues {
  const out: ParamValues = {};
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v) ? v.length > 0 : v.trim() !== '') out[k] = v;
  }
  return out;
}

/** The same run as a spreadsheet; a refusal throws ApiError with the server's message. */
export async function exportReport(code: string, params: ParamValues): Promise<DownloadedFile> {
  let res: Response;
  try {
    res = await fetch(withLang(`${REPORTS_API}/${encodeURIComponent(code)}/export.xlsx`, i18n.language), {
      method: 'POST',
      headers: { Accept: XLSX_TYPE, 'Content-Type': 'application/json', 'Accept-Language': i18n.language, ...identityHeaders() },
      body: JSON.stringify({ params: sent(params) }),
    });
  } catch {
    throw new ApiError(0, 'ENETWORK', '', null, 0);
  }
  if (!res.ok) {
    let envelope: { code?: string; message?: string } = {};
    try {
      envelope = JSON.parse(await res.text());
    } catch {
      // not an envelope: the status says it
    }
    throw new ApiError(res.status, envelope.code ?? '', envelope.message ?? '', null);
  }
  return { blob: await res.blob(), fileName: dispositionFileName(res.headers.get('Content-Disposition')) };
}

// The vouchers' calls (adapters/httpapi/voucherapi): a document's voucher, finance's
// save-and-submit, reversal, and the push log.
import { apiBlob, apiCall, type DownloadedFile } from '../api/client';
import { apiUpload } from '../api/upload';
import { XLSX_TYPE } from '../masterdata/api';
import type { Schemas } from '../api/types';

export type VoucherView = Schemas['VoucherView'];
export type VoucherLineView = Schemas['VoucherLineView'];
export type PushLogPage = Schemas['PushLogPage'];
export type VoucherImport = Schemas['VoucherImport'];

/** A line's change of the fields finance may edit (only those of its editFields). */
export interface LineEdit {
  lineNo: number;
  account?: string;
  bschl?: string;
  costCenter?: string;
  profitCenter?: string;
  internalOrder?: string;
  supplier?: string;
  customer?: string;
  text?: string;
}

/** The editable fields by the spec's upper-case flag. */
export const editableFields: Record<string, keyof Omit<LineEdit, 'lineNo'>> = {
  ACCOUNT: 'account',
  BSCHL: 'bschl',
  COSTCENTER: 'costCenter',
  PROFITCENTER: 'profitCenter',
  INTERNALORDER: 'internalOrder',
  SUPPLIER: 'supplier',
  CUSTOMER: 'customer',
  TEXT: 'text',
};

export const voucherKey = (businessId: string) => ['voucher', businessId] as const;

export const fetchVoucher = (businessId: string, signal?: AbortSignal) =>
  apiCall<VoucherView>('POST', '/api/galaxyvoucher/queryVoucher/queryVcHeadById', { businessId }, signal);

export const submitVoucher = (businessId: string, lines: LineEdit[]) =>
  apiCall<VoucherView>('POST', '/api/galaxyvoucher/queryVoucher/submitVoucher', { businessId, lines });

export const reverseVoucher = (businessId: string) =>
  apiCall<VoucherView>('POST', '/api/galaxyvoucher/queryVoucher/reverseVoucher', { businessId });

export const fetchPushLog = (params: Record<string, string>, signal?: AbortSignal) =>
  apiCall<PushLogPage>('GET', `/api/galaxycommon/pushGX/pushLog?${new URLSearchParams(params)}`, undefined, signal);

const IMPORT_API = '/api/formwork/vouchers/import';

/** The voucher import (CW00002): the posting results workbook as the body; a refusal is ApiError (422: data.findings with each bad row). */
export const uploadVoucherResults = (file: Blob): Promise<VoucherImport> => apiUpload<VoucherImport>(IMPORT_API, file, { contentType: XLSX_TYPE });

/** The voucher import's template, labelled in the user's language. */
export const downloadVoucherTemplate = (): Promise<DownloadedFile> => apiBlob(`${IMPORT_API}/template.xlsx`, XLSX_TYPE);

export type VoucherPosting = Schemas['VoucherPosting'];

export const postingKey = (businessId: string) => ['voucherPosting', businessId] as const;

/** The posting state of a document's voucher, for anyone who may read the document (no lines). */
export const fetchPosting = (businessId: string, signal?: AbortSignal) =>
  apiCall<VoucherPosting>('POST', '/api/formwork/vouchers/posting', { businessId }, signal);

// The HTTP contract of payments (issue 13 item 1): the payment lines of approved
// documents, a document's payment state, finance's moves and the payment import.
import { apiCall } from '../api/client';
import type { Schemas } from '../api/types';
import { apiUpload } from '../api/upload';
import { XLSX_TYPE } from '../masterdata/api';

export type PaymentLine = Schemas['PaymentLine'];
export type PaymentState = Schemas['PaymentState'];
export type PaymentList = Schemas['PaymentList'];
export type PaymentImport = Schemas['PaymentImport'];

export const paymentStatuses = ['pending', 'paid', 'failed'] as const;

export const PAYMENTS_API = '/api/formwork/payments';

/** The payment lines of scope (mine: the user's own; finance: the lines finance may move), of status when given. */
export const listPayments = (scope: 'mine' | 'finance', status: string, signal?: AbortSignal) =>
  apiCall<PaymentList>('GET', `${PAYMENTS_API}?${new URLSearchParams({ scope, status })}`, undefined, signal);

/** A document's payment state with its events (galaxypayment boe/get). */
export const paymentState = (businessId: string, signal?: AbortSignal) =>
  apiCall<PaymentState>('POST', '/api/galaxypayment/api/boe/get', { businessId }, signal);

/** The line a move names, at the version read. */
export interface LineRef {
  businessId: string;
  item: number;
  version: number;
}

export type Move =
  | { kind: 'paid'; bankRef: string }
  | { kind: 'failed'; bankMessage: string }
  | { kind: 'resend'; bankMessage?: string }
  | { kind: 'account'; accountName: string; bank: string; account: string; create: boolean };

/** Finance's move of one line; a refusal is ApiError naming the field in data.findings[0].path. */
export function movePayment(line: LineRef, move: Move): Promise<PaymentLine> {
  const ref = { businessId: line.businessId, item: line.item, version: line.version };
  switch (move.kind) {
    case 'paid':
      return apiCall<PaymentLine>('POST', `${PAYMENTS_API}/paid`, { ...ref, bankRef: move.bankRef });
    case 'failed':
      return apiCall<PaymentLine>('POST', '/api/galaxyform/paidFail/createDetail', { ...ref, bankMessage: move.bankMessage });
    case 'resend':
      return apiCall<PaymentLine>('POST', '/api/galaxyform/paidFail/modifyDetail', { ...ref, bankMessage: move.bankMessage ?? '', resend: true });
    case 'account': {
      const path = move.create ? 'createAccountDetail' : 'modifyAccountDetail';
      return apiCall<PaymentLine>('POST', `/api/galaxyform/account/${path}`, { ...ref, accountName: move.accountName, bank: move.bank, account: move.account });
    }
  }
}

/** POST the bank's results (xlsx) as the body: all or nothing; a refusal is ApiError (422: data.findings per row). */
export const uploadPayments = (file: Blob): Promise<PaymentImport> =>
  apiUpload<PaymentImport>(`${PAYMENTS_API}/import`, file, { contentType: XLSX_TYPE });

// The tax push's calls: the order signs the server accepts (taxapi), the push and a
// document's pushes (voucherapi), and the push log's entries of the tax system.
import { apiCall } from '../api/client';
import type { Schemas } from '../api/types';

export type TaxOrderSigns = Schemas['TaxOrderSigns'];
export type TaxPush = Schemas['Push'];

/** The push's request: the order sign, with year (yyyy) and period (01-12) for the period signs. */
export interface TaxPushRequest {
  businessId: string;
  orderSign: string;
  year?: string;
  period?: string;
}

export const taxSignsKey = ['tax', 'orderSigns'] as const;
export const taxPushesKey = (businessId: string) => ['tax', 'pushes', businessId] as const;

export const fetchTaxSigns = (signal?: AbortSignal) => apiCall<TaxOrderSigns>('GET', '/api/formwork/tax/orderSigns', undefined, signal);

export const pushToTax = (req: TaxPushRequest) => apiCall<TaxPush>('POST', '/api/formwork/tax/push', req);

export const fetchTaxPushes = (businessId: string, signal?: AbortSignal) =>
  apiCall<TaxPush[]>('GET', `/api/formwork/tax/pushes?${new URLSearchParams({ businessId })}`, undefined, signal);

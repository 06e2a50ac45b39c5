import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../api/client';
import type { Schemas } from '../api/types';

export type PooledInvoice = Schemas['Pooled'];
export type RecogniseAnswer = Schemas['RecogniseAnswer'];

/** My invoices (我的发票): every invoice recognised in my uploads, newest first. */
export const myInvoicesQuery = () =>
  queryOptions({
    queryKey: ['invoices', 'mine'],
    queryFn: ({ signal }) => apiCall<PooledInvoice[] | null>('GET', '/api/formwork/invoices', undefined, signal),
  });

/** Reads a file as base64 (without the data: prefix). */
export function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** Recognises the invoices of a picture or PDF into my pool. */
export async function recognise(file: File): Promise<RecogniseAnswer> {
  const content = await fileBase64(file);
  return apiCall<RecogniseAnswer>('POST', '/ocr/createImagePathApi/createImagePath', { name: file.name, contentType: file.type, content });
}

/** Sends one invoice to verification (查验). */
export const verifyInvoice = (id: number) => apiCall<PooledInvoice>('POST', `/api/formwork/invoices/${id}/verify`);

/** Removes one of my unclaimed invoices from the pool. */
export const removeInvoice = (id: number) => apiCall<null>('POST', '/ocr/setlink/barcodeLinkInvoice', { operation: 'DELETE', id });

/** The document type of a business id (its letters before yyyyMMdd and the sequence). */
export const docTypeOf = (businessId: string) => businessId.replace(/\d{12,}$/, '');

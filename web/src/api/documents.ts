import { apiCall } from './client';
import type { FormDocument } from './types';

export interface SaveRequest {
  family: string;
  document: FormDocument;
  /** The form's action mode; a create always runs as "new". */
  action: string;
  /** Rule ids of confirm findings the person accepted. */
  confirm?: string;
}

/**
 * Saves a document: POST .../head/create when head.businessId is empty, else PUT
 * .../head/update. Returns the stored document; a refusal throws ApiError (422 with a
 * CheckResult, 409 for a stale version).
 */
export function saveDocument({ family, document, action, confirm }: SaveRequest): Promise<FormDocument> {
  const isNew = !document.head?.businessId;
  const q = new URLSearchParams({ action: isNew ? 'new' : action === 'new' ? 'edit' : action });
  if (confirm) q.set('confirm', confirm);
  const base = `/api/galaxyform/yx/${encodeURIComponent(family)}/head`;
  return isNew
    ? apiCall<FormDocument>('POST', `${base}/create?${q.toString()}`, document)
    : apiCall<FormDocument>('PUT', `${base}/update?${q.toString()}`, document);
}

import { apiCall } from './client';
import type { FormDocument } from './types';

export interface SaveRequest {
  family: string;
  document: FormDocument;
  /** The form's action mode; a create always runs as "new". */
  action: string;
  /** Rule ids of confirm findings the person accepted. */
  confirm?: string;
  /** A temporary save (暂存): stored without the pre-save checks (`?tempSave=1`). */
  tempSave?: boolean;
}

/**
 * Saves a document: POST .../head/create when head.businessId is empty, else PUT
 * .../head/update, with `?tempSave=1` for a temporary save. Returns the stored
 * document; a refusal throws ApiError (422 with a CheckResult, 409 for a stale version
 * or a state that allows no change).
 */
export function saveDocument({ family, document, action, confirm, tempSave }: SaveRequest): Promise<FormDocument> {
  const isNew = !document.head?.businessId;
  const q = new URLSearchParams({ action: isNew ? 'new' : action === 'new' ? 'edit' : action });
  if (confirm) q.set('confirm', confirm);
  if (tempSave) q.set('tempSave', '1');
  const base = `/api/galaxyform/yx/${encodeURIComponent(family)}/head`;
  return isNew
    ? apiCall<FormDocument>('POST', `${base}/create?${q.toString()}`, document)
    : apiCall<FormDocument>('PUT', `${base}/update?${q.toString()}`, document);
}

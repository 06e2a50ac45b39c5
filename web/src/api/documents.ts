import { apiEnvelope, ApiError, serviceErrorCodes, succeeded } from './client';
import type { FormContext, FormDocument, Schemas, StoredForm } from './types';

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

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The stored document and its form from a save's or a load's envelope. An answer
 * without them (no `data.head`, no `form.schema`) is not one the form can show:
 * ApiError EBADANSWER. Members the server left out default to nothing known.
 */
export function storedFormOf(envelope: Partial<Schemas['StoredForm']>): StoredForm {
  const { data, form } = envelope;
  if (!isObject(data) || !isObject(data.head) || !isObject(form) || !isObject(form.schema)) {
    throw new ApiError(200, 'EBADANSWER', '', null, serviceErrorCodes.badAnswer);
  }
  const process = isObject(form.process) ? form.process : { status: '', processId: '', actions: null };
  const normalized: FormContext = {
    action: typeof form.action === 'string' ? form.action : '',
    states: isObject(form.states) ? form.states : {},
    check: isObject(form.check) ? form.check : undefined,
    process: { ...process, actions: Array.isArray(process.actions) ? process.actions : [] },
    schema: form.schema,
    budget: isObject(form.budget) ? form.budget : undefined,
  };
  return { data, form: normalized };
}

/**
 * Saves a document: POST .../head/create when head.businessId is empty, else PUT
 * .../head/update, with `?tempSave=1` for a temporary save. Returns the stored
 * document with its form (states, check, process, export): the page needs no other
 * request. A refusal throws ApiError (422 with a CheckResult, 409 for a stale version
 * or a state that allows no change).
 */
export async function saveDocument({ family, document, action, confirm, tempSave }: SaveRequest): Promise<StoredForm> {
  const isNew = !document.head?.businessId;
  const q = new URLSearchParams({ action: isNew ? 'new' : action === 'new' ? 'edit' : action });
  if (confirm) q.set('confirm', confirm);
  if (tempSave) q.set('tempSave', '1');
  const base = `/api/galaxyform/yx/${encodeURIComponent(family)}/head`;
  const envelope = isNew
    ? await apiEnvelope<FormDocument, Schemas['StoredForm']>('POST', `${base}/create?${q.toString()}`, document)
    : await apiEnvelope<FormDocument, Schemas['StoredForm']>('PUT', `${base}/update?${q.toString()}`, document);
  return storedFormOf(succeeded(envelope));
}

/**
 * GET /api/galaxyform/yx/{family}/head/load?businessId=&action=: the stored document
 * with its form under that action mode. A family that is not the document's is 400.
 */
export async function loadDocument(family: string, businessId: string, action: string, signal?: AbortSignal): Promise<StoredForm> {
  const q = new URLSearchParams({ businessId, action });
  const envelope = await apiEnvelope<FormDocument, Schemas['StoredForm']>('GET', `/api/galaxyform/yx/${encodeURIComponent(family)}/head/load?${q}`, undefined, { signal });
  return storedFormOf(succeeded(envelope));
}

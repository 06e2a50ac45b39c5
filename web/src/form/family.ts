import { ApiError } from '../api/client';
import { loadDocument } from '../api/documents';
import type { DocTypeEntry, StoredForm } from '../api/types';

/**
 * The families a document type is filed under in a registry list, in the list's order,
 * each once (the list of every edition can name EX02 as ap in one and ar in another).
 */
export function familiesOf(entries: readonly DocTypeEntry[] | undefined, docType: string): string[] {
  const out: string[] = [];
  for (const e of entries ?? []) {
    if (e.docType === docType && e.family && !out.includes(e.family)) out.push(e.family);
  }
  return out;
}

export interface LoadChoice {
  businessId: string;
  action: string;
  /** The family the registry list of the chosen company's edition names ('' when it names none). */
  family: string;
  /** The families of every edition's list, asked only when the first is refused (a document of another edition). */
  otherFamilies: () => Promise<string[]>;
  signal?: AbortSignal;
}

const wrongFamily = (error: unknown) => error instanceof ApiError && error.status === 400;

/**
 * Loads a stored document under the family of its type: the chosen edition's first
 * (one request); only when the server refuses that family (400: the document belongs to
 * an edition that files its type elsewhere) the other editions' families, in turn.
 */
export async function loadUnderFamily({ businessId, action, family, otherFamilies, signal }: LoadChoice): Promise<StoredForm> {
  let lastError: unknown = null;
  if (family) {
    try {
      return await loadDocument(family, businessId, action, signal);
    } catch (error) {
      if (!wrongFamily(error)) throw error;
      lastError = error;
    }
  }
  for (const other of (await otherFamilies()).filter((f) => f !== family)) {
    try {
      return await loadDocument(other, businessId, action, signal);
    } catch (error) {
      if (!wrongFamily(error)) throw error;
      lastError = error;
    }
  }
  throw lastError ?? new ApiError(404, 'ENOTFOUND', '', null);
}

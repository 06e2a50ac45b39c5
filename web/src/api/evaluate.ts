import { apiCall } from './client';
import type { EvaluateResult, FormDocument } from './types';

/** POST /api/formwork/evaluate?action=: field states, derived values and the check. */
export function evaluateDocument(document: FormDocument, action: string, signal?: AbortSignal): Promise<EvaluateResult> {
  return apiCall<EvaluateResult>('POST', `/api/formwork/evaluate?action=${encodeURIComponent(action)}`, document, signal);
}

import { apiCall, apiText } from './client';
import type { Schemas } from './types';

// The lifecycle of a stored document (docs/api.md "Lifecycle, worklists, budget and
// printing"): submit, task actions, void, history and the print view.

/** An action of schemas/_lifecycle.yaml; ProcessView.actions names those the user may take now. */
export type LifecycleAction = 'save' | 'tempSave' | 'submit' | 'approve' | 'reject' | 'addSign' | 'supplement' | 'recall' | 'void' | 'print';

/** The results a task is completed with (POST process/complete). */
export type TaskResult = Schemas['TaskDecision']['result'];

export const taskResults: readonly TaskResult[] = ['approve', 'reject', 'addSign', 'supplement'];

/** One approval task (navigation-and-access.md 3.3: completeBy, completeAt, taskReult, taskReultComment). */
export type ProcessTask = Schemas['ProcessTask'];

/** One state change (or create, partEdit) of the document. */
export type ProcessEvent = Schemas['ProcessEvent'];

/** What the budget holds for the document. */
export type BudgetEntry = Schemas['BudgetHolding'];

/** The answer of startProcess, complete, void and history: the approval and what the document holds of budgets. */
export type ProcessView = Schemas['ProcessAnswer'];

const processBase = '/api/galaxyform/process';

/**
 * POST process/startProcess[?confirm=]: submits a draft or returned document. Refused:
 * 422 ECHECK / ECONFIRM with a CheckResult, 409 for a stale version or a state that
 * does not allow it.
 */
export function startProcess(req: Schemas['ProcessRequest'] & { confirm?: string }): Promise<ProcessView> {
  const { confirm, ...body } = req;
  const q = confirm ? `?${new URLSearchParams({ confirm })}` : '';
  return apiCall<ProcessView>('POST', `${processBase}/startProcess${q}`, body);
}

/** POST process/complete: approve, reject, add-sign or supplement the open task. */
export function completeTask(req: Schemas['TaskDecision']): Promise<ProcessView> {
  return apiCall<ProcessView>('POST', `${processBase}/complete`, req);
}

/** POST process/void: voids a draft or returned document for good. */
export function voidDocument(req: Schemas['ProcessRequest']): Promise<ProcessView> {
  return apiCall<ProcessView>('POST', `${processBase}/void`, req);
}

/**
 * POST process/recall: the owner takes a submitted document back to draft before anyone
 * decided on it; 409 naming who decided once someone did.
 */
export function recallDocument(req: Schemas['ProcessRequest']): Promise<ProcessView> {
  return apiCall<ProcessView>('POST', `${processBase}/recall`, req);
}

/** Why a returned document was returned: the last reject's reason, who and when. */
export type Rejection = Schemas['Rejection'];

/** What a document would draw on budgets if submitted now (evaluate's and the form answer's `budget`). */
export type BudgetPreview = Schemas['Preview'];

/** One budget account the document draws on, with the submit's finding when it would exceed. */
export type BudgetPreviewLine = Schemas['PreviewLine'];

/** GET process/history?businessId=: the ProcessView, for anyone who may open the document. */
export function fetchProcessHistory(businessId: string, signal?: AbortSignal): Promise<ProcessView> {
  return apiCall<ProcessView>('GET', `${processBase}/history?${new URLSearchParams({ businessId })}`, undefined, signal);
}

/** GET print/{businessId}: the printable HTML page (sent with the session headers, so fetched, not linked). */
export function fetchPrintView(businessId: string): Promise<string> {
  return apiText(`/api/galaxyform/print/${encodeURIComponent(businessId)}`);
}

import { apiCall, apiText } from './client';
import type { Schemas } from './types';

// The lifecycle of a stored document (docs/api.md "Lifecycle, worklists, budget and
// printing"): submit, task actions, void, history and the print view.

/** An action of schemas/_lifecycle.yaml; ProcessView.actions names those the user may take now. */
export type LifecycleAction = 'save' | 'tempSave' | 'submit' | 'approve' | 'reject' | 'addSign' | 'supplement' | 'void' | 'print';

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

/** GET process/history?businessId=: the ProcessView, for anyone who may open the document. */
export function fetchProcessHistory(businessId: string, signal?: AbortSignal): Promise<ProcessView> {
  return apiCall<ProcessView>('GET', `${processBase}/history?${new URLSearchParams({ businessId })}`, undefined, signal);
}

/** GET print/{businessId}: the printable HTML page (sent with the session headers, so fetched, not linked). */
export function fetchPrintView(businessId: string): Promise<string> {
  return apiText(`/api/galaxyform/print/${encodeURIComponent(businessId)}`);
}

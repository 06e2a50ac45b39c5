import { apiCall, apiText } from './client';

// The lifecycle of a stored document (docs/api.md "Lifecycle, worklists, budget and
// printing"): submit, task actions, void, history and the print view.

/** An action of schemas/_lifecycle.yaml; ProcessView.actions names those the user may take now. */
export type LifecycleAction = 'save' | 'tempSave' | 'submit' | 'approve' | 'reject' | 'addSign' | 'supplement' | 'void' | 'print';

/** The results a task is completed with (POST process/complete). */
export type TaskResult = 'approve' | 'reject' | 'addSign' | 'supplement';

export const taskResults: readonly TaskResult[] = ['approve', 'reject', 'addSign', 'supplement'];

/** One approval task (navigation-and-access.md 3.3: completeBy, completeAt, taskReult, taskReultComment). */
export interface ProcessTask {
  taskId: number;
  processId?: string;
  seq?: number;
  /** task1, task2, addSign, supplement */
  step?: string;
  stepTxt?: string;
  assignee?: string;
  assigneeTxt?: string;
  /** open, pending, done, cancelled */
  status?: string;
  addedBy?: string;
  /** What an add-sign or supplement asked for. */
  request?: string;
  createdAt?: string;
  completeBy?: string;
  completeByTxt?: string;
  completeAt?: string;
  taskReult?: string;
  taskReultTxt?: string;
  taskReultComment?: string;
}

/** One state change (or create, partEdit) of the document. */
export interface ProcessEvent {
  at?: string;
  by?: string;
  byTxt?: string;
  from?: string;
  fromTxt?: string;
  to?: string;
  toTxt?: string;
  action?: string;
  actionTxt?: string;
  comment?: string;
  taskId?: number;
}

/** What the budget holds for the document. */
export interface BudgetEntry {
  budgetId?: number;
  companyCode?: string;
  department?: string;
  budgetAccount?: string;
  project?: string;
  period?: string;
  budgetStatus?: string;
  occupied?: number;
  consumed?: number;
  released?: number;
}

/** The answer of startProcess, complete, void and history. */
export interface ProcessView {
  businessId: string;
  docType?: string;
  /** The family of the load URL (the document's own edition decides it). */
  family?: string;
  status?: string;
  statusTxt?: string;
  processId?: string;
  version?: number;
  /** What the signed-in user may do now; the toolbar shows these. */
  actions?: string[];
  /** The open task when the user holds it: complete needs its taskId. */
  openTask?: ProcessTask | null;
  tasks?: ProcessTask[];
  events?: ProcessEvent[];
  budget?: BudgetEntry[];
}

const processBase = '/api/galaxyform/process';

/**
 * POST process/startProcess[?confirm=]: submits a draft or returned document. Refused:
 * 422 ECHECK / ECONFIRM with a CheckResult, 409 for a stale version or a state that
 * does not allow it.
 */
export function startProcess(req: { businessId: string; version?: number; comment?: string; confirm?: string }): Promise<ProcessView> {
  const { confirm, ...body } = req;
  const q = confirm ? `?${new URLSearchParams({ confirm })}` : '';
  return apiCall<ProcessView>('POST', `${processBase}/startProcess${q}`, body);
}

/** POST process/complete: approve, reject, add-sign or supplement the open task. */
export function completeTask(req: {
  businessId: string;
  taskId: number;
  result: TaskResult;
  comment?: string;
  approver?: string;
}): Promise<ProcessView> {
  return apiCall<ProcessView>('POST', `${processBase}/complete`, req);
}

/** POST process/void: voids a draft or returned document for good. */
export function voidDocument(req: { businessId: string; version?: number; comment?: string }): Promise<ProcessView> {
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

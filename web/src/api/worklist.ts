import { apiCall } from './client';
import type { Schemas } from './types';

// POST /api/galaxyform/worklist/query (navigation-and-access.md 3.8, docs/api.md "Worklists").

/** draft box, my to-do, my applications, my completed, my returned documents, my documents to recall. */
export type WorklistKind = Schemas['WorklistQuery']['list'];

export const worklistKinds: readonly WorklistKind[] = ['draft', 'todo', 'applied', 'done', 'returned', 'recall'];

/** The quick creation-date ranges in days: last day, week, month, 3 months (documents.md 9). */
export type QuickRange = 1 | 7 | 30 | 90;

/** The worklist query as the page sends it: always a list and a page. */
export type WorklistRequest = Schemas['WorklistQuery'] & { quickRange?: QuickRange; pageSize: number; currentPage: number };

export type WorklistItem = Schemas['WorklistItem'];

export type WorklistPage = Schemas['WorklistPage'];

export function queryWorklist(body: WorklistRequest, signal?: AbortSignal): Promise<WorklistPage> {
  return apiCall<WorklistPage>('POST', '/api/galaxyform/worklist/query', body, signal);
}

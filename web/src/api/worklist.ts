import { apiCall } from './client';

// POST /api/galaxyform/worklist/query (navigation-and-access.md 3.8, docs/api.md "Worklists").

/** draft box, my to-do, my applications, my completed, my returned documents. */
export type WorklistKind = 'draft' | 'todo' | 'applied' | 'done' | 'returned';

export const worklistKinds: readonly WorklistKind[] = ['draft', 'todo', 'applied', 'done', 'returned'];

/** The quick creation-date ranges in days: last day, week, month, 3 months (documents.md 9). */
export type QuickRange = 1 | 7 | 30 | 90;

export interface WorklistRequest {
  list: WorklistKind;
  businessId?: string;
  processId?: string;
  types?: string[];
  applicant?: string;
  createBy?: string;
  assignee?: string;
  companyCode?: string;
  createAtFrom?: string;
  createAtTo?: string;
  quickRange?: QuickRange;
  processStatus?: string;
  orderBy?: string;
  sorts?: 'asc' | 'desc';
  pageSize: number;
  currentPage: number;
}

export interface WorklistItem {
  businessId: string;
  docType: string;
  docTypeTxt?: string;
  /** The family of the load URL. */
  family?: string;
  businessType1?: string;
  businessType2?: string;
  applicant?: string;
  applicantTxt?: string;
  createBy?: string;
  createByTxt?: string;
  companyCode?: string;
  amount?: number;
  status?: string;
  statusTxt?: string;
  processId?: string;
  description?: string;
  version?: number;
  createAt?: string;
  updatedAt?: string;
  // todo
  taskId?: number;
  step?: string;
  stepTxt?: string;
  assignee?: string;
  assigneeTxt?: string;
  receivedAt?: string;
  // done
  completeAt?: string;
  taskReult?: string;
  taskReultTxt?: string;
}

export interface WorklistPage {
  list: WorklistItem[];
  total: number;
  pageSize: number;
  currentPage: number;
}

export function queryWorklist(body: WorklistRequest, signal?: AbortSignal): Promise<WorklistPage> {
  return apiCall<WorklistPage>('POST', '/api/galaxyform/worklist/query', body, signal);
}

import type { ProcessEvent, ProcessTask, ProcessView } from '../api/process';
import type { FieldState } from '../api/types';
import type { WorklistItem } from '../api/worklist';

// Whole answers of the API for tests without the server: every member the server always
// sends (docs/openapi.json), blank, then what the test is about.

export const processTask = (over: Partial<ProcessTask> & Pick<ProcessTask, 'taskId'>): ProcessTask => ({
  processId: '',
  seq: 0,
  step: '',
  stepTxt: '',
  assignee: '',
  assigneeTxt: '',
  status: 'open',
  createdAt: '',
  completeBy: '',
  completeByTxt: '',
  completeAt: '',
  taskReult: '',
  taskReultTxt: '',
  taskReultComment: '',
  ...over,
});

export const processEvent = (over: Partial<ProcessEvent>): ProcessEvent => ({
  at: '',
  by: '',
  byTxt: '',
  from: '',
  fromTxt: '',
  to: '',
  toTxt: '',
  action: '',
  actionTxt: '',
  comment: '',
  ...over,
});

export const processView = (over: Partial<ProcessView> & Pick<ProcessView, 'businessId'>): ProcessView => ({
  docType: 'EX02',
  family: 'ap',
  edition: 'form',
  schemaVersion: 1,
  status: 'draft',
  statusTxt: '',
  processId: '',
  version: 1,
  actions: [],
  openTask: null,
  tasks: [],
  events: [],
  budget: [],
  ...over,
});

/** A field's state: visible, optional and editable unless the test says otherwise. */
export const fieldState = (over: Partial<FieldState>): FieldState => ({ visible: true, required: false, editable: true, ...over });

export const worklistItem = (over: Partial<WorklistItem> & Pick<WorklistItem, 'businessId'>): WorklistItem => ({
  docType: 'EX02',
  docTypeTxt: '',
  family: 'ap',
  businessType1: '',
  businessType2: '',
  applicant: '',
  applicantTxt: '',
  createBy: '',
  createByTxt: '',
  companyCode: '',
  amount: 0,
  status: 'draft',
  statusTxt: '',
  processId: '',
  description: '',
  version: 1,
  createAt: '',
  updatedAt: '',
  ...over,
});

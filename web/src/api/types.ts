// Wire types of the formwork HTTP API (docs/api.md).

/** A zh/en text as the registry sends titles. */
export type LocalText = { zh?: string; en?: string; th?: string } | string;

/** The envelope every answer comes in; a save or a load adds `form`. */
export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
  form?: FormContext;
}

/** One entry of GET /api/formwork/registry/docTypes. */
export interface DocTypeEntry {
  docType: string;
  family: string;
  version: number;
  edition?: string;
  title: LocalText;
}

/** One option of the businessType1/businessType2 tree. */
export interface SubTypeOption {
  key: string;
  value: string;
  children?: SubTypeOption[];
}

/** The exported form of one document type and sub-type. */
export interface FormExport {
  docType: string;
  family: string;
  version: number;
  title: LocalText;
  leadPage?: unknown;
  description?: unknown;
  schema: JsonSchema;
  uiSchema: UiSchema;
  subTypes?: { businessType1?: SubTypeOption[] };
  buttons?: string[];
}

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  title?: string;
};

export type UiSchema = Record<string, unknown>;

export type Severity = 'error' | 'warning' | 'confirm';

/** One finding of a CheckResult. */
export interface Finding {
  path: string;
  rule: string;
  severity: Severity;
  message: string;
}

export interface CheckResult {
  docType: string;
  schemaVersion: number;
  valid: boolean;
  errors: Finding[];
}

/** The state the server computed for one field or table cell. */
export interface FieldState {
  visible?: boolean;
  required?: boolean;
  editable?: boolean;
}

export interface EvaluateResult {
  check: CheckResult;
  fields: Record<string, FieldState>;
  values: Record<string, unknown>;
}

/** Which export renders a stored document (the form's `schema`): GET .../docTypes/{docType}/form with these, answered with `etag`. */
export interface SchemaRef {
  edition: string;
  docType: string;
  /** The family of the document's load and save URLs. */
  family: string;
  version: number;
  /** "A03.A0301", "A03" or "". */
  subType: string;
  /** The export's ETag (quoted, as the header sends it). */
  etag: string;
}

/** The document's state and what the signed-in user may do now (the form's `process`). */
export interface FormProcess {
  status: string;
  statusTxt?: string;
  processId?: string;
  /** The lifecycle actions this user may take now: ProcessView.actions. */
  actions: string[];
  /** The open task when the user holds it (complete needs its taskId); absent when the server does not say. */
  openTask?: { taskId: number } | null;
}

/**
 * What a save or a load answers beside the document (`form`): the action mode, the
 * field states and the check under it (as evaluate answers them), the process and the
 * export the form renders with. One answer has all a form needs.
 */
export interface FormContext {
  action: string;
  states: Record<string, FieldState>;
  /** The check under that action; absent when the server sent none. */
  check?: CheckResult;
  process: FormProcess;
  schema: SchemaRef;
}

/** A stored document with its form: the answer of create, update and load. */
export interface StoredForm {
  data: FormDocument;
  form: FormContext;
}

/** The spec's form object: head plus lists. */
export type FormDocument = Record<string, unknown> & {
  head?: DocumentHead;
};

export type DocumentHead = Record<string, unknown> & {
  businessId?: string;
  docType?: string;
  version?: number;
  businessType1?: string;
  businessType2?: string;
};

/**
 * The signed-in person (navigation-and-access.md 3.1). Every field may carry a display
 * twin with the suffix Txt (deptIdTxt, compIdTxt, ...).
 */
export interface CurrentUser {
  userId?: string | number;
  nickname?: string;
  username?: string;
  role?: string;
  headImgUrl?: string;
  menus?: unknown;
  permissions?: unknown;
  allPermissions?: unknown;
  busPlate?: string;
  compId?: string;
  costCenter?: string;
  currency?: string;
  deptId?: string;
  email?: string;
  empId?: string;
  empLevel?: string;
  empName?: string;
  empNo?: string;
  hisDept?: string;
  mainJob?: string;
  phone?: string;
  status?: string;
  /** The companies the person may work for, when the server lists them (for X-company). */
  companies?: Array<{ key?: string; value?: string; code?: string; name?: string } | string>;
  [key: string]: unknown;
}

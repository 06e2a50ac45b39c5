// Wire types of the formwork HTTP API (docs/api.md).

/** A zh/en text as the registry sends titles. */
export type LocalText = { zh?: string; en?: string; th?: string } | string;

/** The envelope every answer comes in. */
export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
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

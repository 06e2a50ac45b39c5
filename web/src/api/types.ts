// Wire types of the formwork HTTP API: names over the types generated from
// docs/openapi.json into schema.d.ts (`npm run gen:api`; `npm run check:api` fails
// when it is stale). Only what the web adds of its own is written here.
import type { components } from './schema';

/** The schemas of docs/openapi.json's components. */
export type Schemas = components['schemas'];

/** A title: a text per language ({zh, en, th}) as the registry and the menus send it, or one text. */
export type LocalText = Schemas['LocalText'] | string;

/** The envelope every JSON answer comes in: a code (S000 for success), a message and data. */
export type Envelope<T> = Pick<Schemas['Refusal'], 'code' | 'message'> & { data: T };

/** A refusal's envelope: data is the check result of a refused check, the fields a state forbids to change, or null. */
export type Refusal = Schemas['Refusal'];

/** One entry of GET /api/formwork/registry/docTypes. */
export type DocTypeEntry = Schemas['DocTypeEntry'];

/** One edition of the catalogue and the companies (sets of books) that work in it. */
export type EditionEntry = Schemas['EditionEntry'];

/** One option of the businessType1/businessType2 tree. */
export type SubTypeOption = Schemas['SubTypeOption'];

/**
 * The exported form of one document type and sub-type, its schema and uiSchema read as
 * the JSON Schema and uiSchema they are (docs/openapi.json leaves them open objects).
 */
export type FormExport = Omit<Schemas['FormExport'], 'schema' | 'uiSchema'> & { schema: JsonSchema; uiSchema: UiSchema };

/** A JSON Schema (draft 2020-12) of the catalogue's export, as the form reads it. */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  title?: string;
};

/** An rjsf uiSchema of the catalogue's export. */
export type UiSchema = Record<string, unknown>;

export type Severity = Schemas['Finding']['severity'];

/** One finding of a check result. */
export type Finding = Schemas['Finding'];

export type CheckResult = Schemas['CheckResult'];

/** The state the server computed for one field or table cell. */
export type FieldState = Schemas['FieldState'];

/** POST /api/formwork/evaluate: the check, the field states and the values evaluation changed. */
export type EvaluateResult = Schemas['Evaluation'];

/** Which export renders a stored document (the form's `schema`): GET .../docTypes/{docType}/form with these, answered with `etag`. */
export type SchemaRef = Schemas['FormSchema'];

/**
 * The document's state and what the signed-in user may do now: the form's `process`,
 * kept up to date by the lifecycle answers (ProcessView), which also name the state
 * and the open task the user holds.
 */
export type FormProcess = Omit<Schemas['FormProcess'], 'actions'> & {
  actions: string[];
  statusTxt?: string;
  /** The open task when the user holds it (complete needs its taskId); absent when no answer said. */
  openTask?: { taskId: number } | null;
};

/**
 * What a save or a load answers beside the document (`form`): the action mode, the
 * field states and the check under it (as evaluate answers them), the process and the
 * export the form renders with. As the web holds it: nulls read as nothing known.
 */
export interface FormContext extends Omit<Schemas['FormAnswer'], 'states' | 'process' | 'check'> {
  states: Record<string, FieldState>;
  /** The check under that action; absent when the server sent none. */
  check?: CheckResult;
  process: FormProcess;
}

/** A stored document with its form: the answer of create, update and load. */
export interface StoredForm {
  data: FormDocument;
  form: FormContext;
}

/** The spec's form object: head plus lists. */
export type FormDocument = Schemas['FormDocument'];

export type DocumentHead = Schemas['DocumentHead'];

/**
 * The signed-in person (navigation-and-access.md 3.1). Every field carries a display
 * twin with the suffix Txt (deptIdTxt, compIdTxt, ...).
 */
export type CurrentUser = Schemas['CurrentUser'];

/** One node of the menu tree (login's menuPermissions, GET menu/tree). */
export type MenuNode = Schemas['MenuNode'];

/** One permission of queryPermission, by permissionType and permissionId. */
export type Permission = Schemas['Permission'];

/** A dropdown option of a search help or dictionary: key, value, attr1..attr12. */
export type Option = Schemas['Option'];

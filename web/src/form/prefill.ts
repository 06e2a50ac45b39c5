import type { FormDocument, JsonSchema, UiSchema } from '../api/types';
import type { Prefill } from '../masterdata/api';

/**
 * The prefill answer's names that differ from the head field they fill (docs/api.md:
 * the answer's `company` is the head's `companyCode`); every other name is the head's own.
 */
const HEAD_FIELD: Readonly<Record<string, string>> = { company: 'companyCode' };

/**
 * What belongs to the person, not to their company: taken also when the document is in
 * another company than the employee record's (the organisation codes of that record would
 * not be of the document's company, and the save would refuse them).
 */
const PERSONAL = new Set(['applicant']);

/** A code the prefill put in, with its name in the answer's language (for the ref widgets). */
export interface PrefilledName {
  /** The master-data type of the field (its ref). */
  type: string;
  key: string;
  display: string;
}

export interface PrefillMerge {
  /** The document with the prefilled head; the very document given when nothing was filled. */
  document: FormDocument;
  /** The head fields filled. */
  filled: string[];
  names: PrefilledName[];
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function refOf(prop: JsonSchema, ui: Record<string, unknown> | undefined): string {
  const options = ui?.['ui:options'] as Record<string, unknown> | undefined;
  const ref = options?.ref ?? prop['x-ref'];
  return typeof ref === 'string' ? ref : '';
}

/**
 * Merges the signed-in user's prefill (GET .../masterdata/prefill: company, set of books,
 * department, cost centre, business range, applicant, each with its ...Txt name) into the
 * head of a new document, under the export that renders it. A field is filled only when
 *  - the type's exported head has it (nothing the type does not know is sent),
 *  - the document holds no value there (nothing the person or the chosen company put in
 *    is overwritten),
 *  - the action mode leaves it editable (not readOnly, not ui:readonly, not hidden), or it
 *    is a field that takes a default anyway (its schema has a `default`: the prefill is
 *    the better starting value), and
 *  - for the organisation codes: the document's company, where it has one, is the
 *    employee record's (PERSONAL fields are taken in any company).
 * The server stays the judge: the save checks every code as if the person had typed it.
 */
export function mergePrefill(document: FormDocument, prefill: Prefill | null | undefined, schema: JsonSchema, uiSchema: UiSchema): PrefillMerge {
  const none: PrefillMerge = { document, filled: [], names: [] };
  if (!prefill) return none;
  const props = schema.properties?.head?.properties ?? {};
  const headUi = (uiSchema.head ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const head: Record<string, unknown> = { ...(document.head ?? {}) };
  const docCompany = typeof head.companyCode === 'string' ? head.companyCode.trim() : '';
  const otherCompany = docCompany !== '' && !blank(prefill.company) && docCompany !== prefill.company;
  const filled: string[] = [];
  const names: PrefilledName[] = [];
  for (const [name, code] of Object.entries(prefill)) {
    if (name.endsWith('Txt') || typeof code !== 'string' || blank(code)) continue;
    const field = HEAD_FIELD[name] ?? name;
    const prop = props[field];
    if (!prop || !blank(head[field])) continue;
    if (otherCompany && !PERSONAL.has(name)) continue;
    const ui = headUi[field];
    const locked = prop.readOnly === true || ui?.['ui:readonly'] === true || ui?.['ui:widget'] === 'hidden';
    if (locked && prop.default === undefined) continue;
    head[field] = code;
    filled.push(field);
    const type = refOf(prop, ui);
    const display = prefill[`${name}Txt`];
    if (type && typeof display === 'string' && display !== '') names.push({ type, key: code, display });
  }
  if (filled.length === 0) return none;
  return { document: { ...document, head: head as FormDocument['head'] }, filled, names };
}

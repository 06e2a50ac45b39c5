import { orderProperties, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { MasterDataType, MasterRecord } from './api';

/** Where a column's value comes from: a body field, or the record's own columns. */
export type ColumnKind = 'key' | 'display' | 'body' | 'company' | 'active' | 'validFrom' | 'validTo' | 'updatedAt';

/** One column of the list. */
export interface RecordColumn {
  id: string;
  kind: ColumnKind;
  /** The body field (key, display and body columns). */
  field?: string;
  /** The field's title from the exported schema ('' for the record's own columns: the page names them). */
  title: string;
  /** What `sort=` names for it; undefined: not sortable. */
  sort?: string;
  /** The master-data type a body field refers to (its "x-ref"), shown as "code name". */
  ref?: string;
}

/** How many body fields beyond the key and the name the list shows. */
export const EXTRA_BODY_COLUMNS = 3;

type Properties = Record<string, RJSFSchema & { 'x-ref'?: string }>;

function properties(schema: RJSFSchema | undefined): Properties {
  return (schema?.properties ?? {}) as Properties;
}

/** The body fields in the form's order (ui:order; fields it does not name at '*' or at the end). */
function orderedFields(schema: RJSFSchema | undefined, uiSchema: UiSchema | undefined): string[] {
  const names = Object.keys(properties(schema));
  const order = uiSchema?.['ui:order'];
  if (!Array.isArray(order)) return names;
  const known = (order as string[]).filter((n) => n === '*' || names.includes(n));
  return orderProperties(names, known.includes('*') ? known : [...known, '*']);
}

/** Whether a body field fits in a cell: no tables or nested groups, not hidden. */
function isCellField(schema: RJSFSchema | undefined, ui: UiSchema | undefined): boolean {
  if (!schema || schema.type === 'array' || schema.type === 'object') return false;
  return ui?.['ui:widget'] !== 'hidden';
}

/**
 * The list's columns of a type: its key fields, its name, the first few other body
 * fields of its form, then company (company-scoped types), active, validity (dated
 * types) and the last change. Key, name and the record's own columns sort.
 */
export function recordColumns(type: MasterDataType, schema?: RJSFSchema, uiSchema?: UiSchema): RecordColumn[] {
  const props = properties(schema);
  const bodyColumn = (kind: ColumnKind, field: string, sortable: boolean): RecordColumn => ({
    id: `${kind}:${field}`,
    kind,
    field,
    title: typeof props[field]?.title === 'string' ? (props[field].title as string) : field,
    sort: sortable ? field : undefined,
    ref: props[field]?.['x-ref'],
  });
  const columns = type.keys.map((k) => bodyColumn('key', k, true));
  if (type.display && !type.keys.includes(type.display)) columns.push(bodyColumn('display', type.display, true));
  const extra = orderedFields(schema, uiSchema)
    .filter((f) => !type.keys.includes(f) && f !== type.display && isCellField(props[f], uiSchema?.[f] as UiSchema | undefined))
    .slice(0, EXTRA_BODY_COLUMNS);
  columns.push(...extra.map((f) => bodyColumn('body', f, false)));
  const own = (kind: ColumnKind): RecordColumn => ({ id: kind, kind, title: '', sort: kind });
  if (type.scope === 'company') columns.push(own('company'));
  columns.push(own('active'));
  if (type.dated) columns.push(own('validFrom'), own('validTo'));
  columns.push(own('updatedAt'));
  return columns;
}

/** The next sort when a column's header is clicked: ascending first, then descending. */
export function nextSort(current: string, column: string): string {
  return current === column ? `-${column}` : column;
}

/** The value a key, name or body column shows as text (enumerations by their title). */
export function cellText(record: MasterRecord, column: RecordColumn, schema?: RJSFSchema): string {
  if (column.kind === 'display') return record.display || String(record.body[column.field ?? ''] ?? '');
  const value = record.body[column.field ?? ''];
  if (value === undefined || value === null) return '';
  const options = properties(schema)[column.field ?? '']?.oneOf as Array<{ const?: unknown; title?: string }> | undefined;
  const option = options?.find((o) => o.const === value);
  if (option?.title) return option.title;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

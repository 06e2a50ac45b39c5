import { orderProperties, type RJSFSchema, type UiSchema } from '@rjsf/utils';

/** One visible column of a line table: the item property, its schema and uiSchema. */
export interface LineColumn {
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  required: boolean;
}

/**
 * The columns of a table, one per item property in the item's `ui:order` (properties the
 * order does not name follow at '*' or at the end). Columns whose uiSchema hides them are
 * left out, and so is the deleted-row marker `flag`, which the row's strike-through shows.
 */
export function lineColumns(itemSchema: RJSFSchema, itemUi: UiSchema | undefined): LineColumn[] {
  const properties = (itemSchema.properties ?? {}) as Record<string, RJSFSchema>;
  const names = Object.keys(properties);
  const order = itemUi?.['ui:order'] as string[] | undefined;
  let ordered = names;
  if (Array.isArray(order)) {
    const withRest = order.includes('*') ? order : [...order, '*'];
    ordered = orderProperties(names, withRest);
  }
  const required = new Set(itemSchema.required ?? []);
  return ordered
    .map((name) => ({
      name,
      schema: properties[name],
      uiSchema: ((itemUi?.[name] as UiSchema | undefined) ?? {}) as UiSchema,
      required: required.has(name),
    }))
    .filter((c) => c.schema && c.name !== 'flag' && c.uiSchema['ui:widget'] !== 'hidden');
}

/** A sensible minimum width for a column's editor. */
export function columnWidth(column: LineColumn): number {
  const widget = column.uiSchema['ui:widget'];
  if (widget === 'money' || column.schema.type === 'number') return 140;
  if (widget === 'date') return 190;
  if (widget === 'ref') return 220;
  if (widget === 'textarea') return 220;
  return 160;
}

import type { FieldState, JsonSchema, UiSchema } from '../api/types';
import { parsePath } from './paths';

/** Per-row cell states of a table, kept in the table's `ui:options.rowStates[row][column]`. */
export type RowStates = Record<number, Record<string, FieldState>>;

type Node = Record<string, unknown>;

function child(node: Node, key: string): Node {
  const existing = node[key];
  if (existing && typeof existing === 'object' && !Array.isArray(existing)) {
    const copy = { ...(existing as Node) };
    node[key] = copy;
    return copy;
  }
  const fresh: Node = {};
  node[key] = fresh;
  return fresh;
}

function applyToUi(ui: Node, state: FieldState): void {
  if (state.visible === false) ui['ui:widget'] = 'hidden';
  if (state.editable === false) ui['ui:readonly'] = true;
  // true only of a field the export draws read-only and the document opens
  else if (state.editable === true) delete ui['ui:readonly'];
}

function applyRequired(schema: JsonSchema, parentPath: string[], name: string, required: boolean | undefined): void {
  if (required === undefined) return;
  let node: JsonSchema | undefined = schema;
  for (const seg of parentPath) {
    node = node?.properties?.[seg];
    if (node?.type === 'array') node = node.items;
  }
  if (!node?.properties?.[name]) return;
  const list = new Set(node.required ?? []);
  if (required) list.add(name);
  else list.delete(name);
  node.required = [...list];
}

/**
 * Applies the evaluate call's field states to copies of the exported schema and
 * uiSchema: visible false -> `ui:widget: hidden`, editable false -> `ui:readonly` (true: not),
 * required -> the parent's `required` list. Table cells (`lineList[2].costType`) go to
 * the table's `ui:options.rowStates`, which the lineTable field reads. The inputs are
 * not changed.
 */
export function applyFieldStates(
  schema: JsonSchema,
  uiSchema: UiSchema,
  fields: Record<string, FieldState> | undefined,
): { schema: JsonSchema; uiSchema: UiSchema } {
  if (!fields || Object.keys(fields).length === 0) return { schema, uiSchema };
  const outSchema = structuredClone(schema);
  const outUi: Node = { ...uiSchema };
  for (const [path, state] of Object.entries(fields)) {
    const segments = parsePath(path);
    const rowAt = segments.findIndex((s) => typeof s === 'number');
    if (rowAt >= 0) {
      const tablePath = segments.slice(0, rowAt) as string[];
      const row = segments[rowAt] as number;
      const column = segments.slice(rowAt + 1).join('.');
      if (!column) continue;
      let ui = outUi;
      for (const seg of tablePath) ui = child(ui, seg);
      const options = child(ui, 'ui:options');
      const rowStates = child(options, 'rowStates') as Node;
      const cells = child(rowStates, String(row));
      cells[column] = { ...(cells[column] as FieldState | undefined), ...state };
      continue;
    }
    const names = segments as string[];
    if (names.length === 0) continue;
    let ui = outUi;
    for (const seg of names) ui = child(ui, seg);
    applyToUi(ui, state);
    applyRequired(outSchema, names.slice(0, -1), names[names.length - 1], state.required);
  }
  return { schema: outSchema, uiSchema: outUi };
}

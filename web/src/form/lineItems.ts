import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/**
 * The schema and uiSchema the rjsf form is given: the item schema of every line table
 * (`ui:field: lineTable`) moves to the table's `ui:options.itemSchema`, and rjsf sees
 * items as plain objects. rjsf works out defaults and matching enumeration options
 * for every item of every array on every change; for a claim of a thousand lines that
 * took most of a keystroke. The table field renders its rows from the item schema it is
 * handed (a new row still gets the item's defaults), and the server's evaluate call
 * supplies the rows' defaults and derived values as before. Inputs are not changed.
 */
export function liftLineItems(schema: RJSFSchema, uiSchema: UiSchema): { schema: RJSFSchema; uiSchema: UiSchema } {
  const properties = schema.properties as Record<string, RJSFSchema> | undefined;
  if (!properties) return { schema, uiSchema };
  let outProps: Record<string, RJSFSchema> | undefined;
  let outUi: UiSchema | undefined;
  for (const [name, prop] of Object.entries(properties)) {
    if (!prop || typeof prop !== 'object') continue;
    const ui = (uiSchema?.[name] ?? {}) as UiSchema;
    let liftedProp: RJSFSchema = prop;
    let liftedUi: UiSchema = ui;
    if (prop.type === 'array' && ui['ui:field'] === 'lineTable' && prop.items && typeof prop.items === 'object') {
      liftedProp = { ...prop, items: { type: 'object' } };
      liftedUi = { ...ui, 'ui:options': { ...((ui['ui:options'] ?? {}) as Record<string, unknown>), itemSchema: prop.items } };
    } else if (prop.type === 'object' && prop.properties) {
      const inner = liftLineItems(prop, ui);
      liftedProp = inner.schema;
      liftedUi = inner.uiSchema;
    }
    if (liftedProp !== prop) {
      outProps = outProps ?? { ...properties };
      outProps[name] = liftedProp;
    }
    if (liftedUi !== ui) {
      outUi = outUi ?? { ...uiSchema };
      outUi[name] = liftedUi;
    }
  }
  return { schema: outProps ? { ...schema, properties: outProps } : schema, uiSchema: outUi ?? uiSchema };
}

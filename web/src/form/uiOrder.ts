import type { JsonSchema, UiSchema } from '../api/types';

/**
 * Makes every `ui:order` safe for the given schema: rjsf throws when an order list
 * misses a property and has no '*', so a '*' is appended where properties are missing.
 * Properties named in the order but absent from the schema (hidden by the sub-type) are
 * ignored by rjsf already. Returns a copy.
 */
export function completeUiOrder(schema: JsonSchema | undefined, uiSchema: UiSchema | undefined): UiSchema {
  const ui: UiSchema = { ...(uiSchema ?? {}) };
  if (!schema) return ui;
  if (schema.type === 'array' && schema.items) {
    const items = ui.items;
    if (items && typeof items === 'object') ui.items = completeUiOrder(schema.items, items as UiSchema);
    return ui;
  }
  const props = schema.properties;
  if (!props) return ui;
  const order = ui['ui:order'];
  if (Array.isArray(order)) {
    const named = new Set(order as string[]);
    const missing = Object.keys(props).some((p) => !named.has(p));
    if (missing && !named.has('*')) ui['ui:order'] = [...order, '*'];
  }
  for (const [name, sub] of Object.entries(props)) {
    const subUi = ui[name];
    if (subUi && typeof subUi === 'object') ui[name] = completeUiOrder(sub, subUi as UiSchema);
  }
  return ui;
}

import type { FieldState, FormExport, JsonSchema, UiSchema } from '../api/types';
import { applyFieldStates } from './fieldStates';
import { completeUiOrder } from './uiOrder';

const subTypeFields = ['businessType1', 'businessType2', 'businessType1Txt', 'businessType2Txt'];

/** Sections the sub-type hides come as `ui:options.hidden`; rjsf hides by `ui:widget: hidden`. */
function hideHiddenSections(uiSchema: UiSchema): UiSchema {
  const out: UiSchema = { ...uiSchema };
  for (const [name, sub] of Object.entries(uiSchema)) {
    const options = (sub as UiSchema | undefined)?.['ui:options'] as Record<string, unknown> | undefined;
    if (options?.hidden === true) out[name] = { ...(sub as UiSchema), 'ui:widget': 'hidden' };
  }
  return out;
}

/**
 * The schema and uiSchema the rjsf form renders: the export without its root title
 * (the page header shows it), `ui:order` made complete, hidden sections hidden, the sub-type fields hidden
 * (the header selects edit them) and the evaluate call's field states applied.
 */
export function formView(
  exported: FormExport,
  fieldStates: Record<string, FieldState> | undefined,
): { schema: JsonSchema; uiSchema: UiSchema } {
  const { title: _title, description: _description, ...schema } = exported.schema;
  let uiSchema = hideHiddenSections(completeUiOrder(schema, exported.uiSchema));
  const headProps = schema.properties?.head?.properties;
  if (exported.subTypes?.businessType1 && headProps) {
    const headUi: UiSchema = { ...((uiSchema.head as UiSchema | undefined) ?? {}) };
    for (const name of subTypeFields) {
      if (name in headProps) headUi[name] = { ...((headUi[name] as UiSchema | undefined) ?? {}), 'ui:widget': 'hidden' };
    }
    uiSchema = { ...uiSchema, head: headUi };
  }
  return applyFieldStates(schema, uiSchema, fieldStates);
}

import type { RegistryFieldsType } from '@rjsf/utils';
import LineTableField from './lineTable/LineTableField';
import NumberField from './number/NumberField';

/** Custom fields, registered under the names the exported uiSchema uses in `ui:field`. */
export const fields: RegistryFieldsType = {
  lineTable: LineTableField,
  // rjsf's name for number fields: amounts (the money widget) skip its typed-text keeping
  NumberField,
};

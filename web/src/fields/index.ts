import type { RegistryFieldsType } from '@rjsf/utils';
import LineTableField from './lineTable/LineTableField';

/** Custom fields, registered under the names the exported uiSchema uses in `ui:field`. */
export const fields: RegistryFieldsType = {
  lineTable: LineTableField,
};

import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';

/**
 * The rjsf validator for exported schemas, which are JSON Schema draft 2020-12.
 * ajv-formats (added by rjsf) covers format "date". The server runs the real checks;
 * the form uses this for schema look-ups (selects, defaults), not to block saves.
 */
export const validator = customizeValidator({ AjvClass: Ajv2020 });

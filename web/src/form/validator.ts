import { Validator, type Schema } from '@cfworker/json-schema';
import type { RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';

// The rjsf validator for exported schemas (JSON Schema draft 2020-12). The page runs
// under a Content-Security-Policy without 'unsafe-eval', so no validator that compiles
// schemas into code (Ajv) may run: @cfworker/json-schema interprets them instead.

/** The id the root schema is known by, for the local `$ref`s of a schema rjsf asks about. */
const ROOT_ID = 'urn:formwork:form';

function hasLocalRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasLocalRef);
  if (node === null || typeof node !== 'object') return false;
  return Object.entries(node).some(([k, v]) => (k === '$ref' && typeof v === 'string' && v.startsWith('#')) || hasLocalRef(v));
}

/** A copy of node whose local `$ref`s ("#/...") point into the root schema. */
function rootRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rootRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${ROOT_ID}${v}` : rootRefs(v)]),
  );
}

// Validators are built once per schema (by its text) and root schema: rjsf asks the same
// few questions (which option of a status enumeration a line's value is) for every line
// of a table on every change, and building a validator costs more than using it.
const byRoot = new WeakMap<object, Map<string, Validator>>();
const MAX_HELD = 500;

function validatorFor(schema: RJSFSchema, root: RJSFSchema | undefined): Validator {
  const rootKey = (root ?? byRoot) as object;
  let held = byRoot.get(rootKey);
  if (!held) {
    held = new Map();
    byRoot.set(rootKey, held);
  }
  const key = JSON.stringify(schema);
  let validator = held.get(key);
  if (!validator) {
    if (!hasLocalRef(schema) || !root) {
      validator = new Validator(schema as Schema, '2020-12', true);
    } else {
      validator = new Validator(rootRefs(schema) as Schema, '2020-12', true);
      validator.addSchema({ ...root, $id: ROOT_ID } as Schema);
    }
    if (held.size >= MAX_HELD) held.clear();
    held.set(key, validator);
  }
  return validator;
}

/** Whether data matches schema; its local `$ref`s are looked up in root. */
export function matches(schema: RJSFSchema, data: unknown, root: RJSFSchema): boolean {
  return validatorFor(schema, root).validate(data).valid;
}

/**
 * The form's validator. rjsf asks it which option of an enumeration or a oneOf / anyOf
 * a value matches, and about if / then conditions (isValid). It finds no errors in form
 * data (validateFormData): the browser never re-implements a rule, the server checks
 * every save and its findings are shown at their fields (extraErrors).
 */
export const validator: ValidatorType<unknown, RJSFSchema> = {
  isValid: (schema, formData, rootSchema) => matches(schema, formData, rootSchema),
  validateFormData: (): ValidationData<unknown> => ({ errors: [] as RJSFValidationError[], errorSchema: {} }),
  rawValidation: <Result = unknown>(schema: RJSFSchema, formData?: unknown) => {
    const result = new Validator(rootRefs(schema) as Schema, '2020-12', false).validate(formData);
    return { errors: result.valid ? undefined : (result.errors as Result[]) };
  },
};

import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { matches, validator } from './validator';
import { ex02Export } from '../__fixtures__/ex02Export';

const root = ex02Export.schema as RJSFSchema;

describe('the form validator (no code generation: the CSP has no unsafe-eval)', () => {
  it('tells which option of an enumeration a value is', () => {
    expect(validator.isValid({ const: 'CNY', title: '人民币' }, 'CNY', root)).toBe(true);
    expect(validator.isValid({ const: 'USD', title: '美元' }, 'CNY', root)).toBe(false);
  });

  it('reads objects, required, types and money multiples exactly', () => {
    const head = { type: 'object', required: ['amount'], properties: { amount: { type: 'number', multipleOf: 0.01 } } } as RJSFSchema;
    expect(matches(head, { amount: 1234.56 }, root)).toBe(true);
    expect(matches(head, { amount: 0.07 }, root)).toBe(true);
    expect(matches(head, { amount: 1.234 }, root)).toBe(false);
    expect(matches(head, {}, root)).toBe(false);
    expect(matches(head, { amount: '12' }, root)).toBe(false);
  });

  it('answers rjsf’s junk-option probe (anyOf with a required property nobody has)', () => {
    const junk = { type: 'object', $id: '_$junk_option_schema_id$_', properties: { x: { type: 'number' } }, anyOf: [{ required: ['x'] }] } as RJSFSchema;
    expect(matches(junk, { y: 1 }, root)).toBe(false);
    expect(matches(junk, { x: 1 }, root)).toBe(true);
  });

  it('follows a local $ref into the root schema', () => {
    const withDefs = { $defs: { code: { type: 'string', pattern: '^[A-Z]{3}$' } } } as RJSFSchema;
    expect(matches({ $ref: '#/$defs/code' } as RJSFSchema, 'CNY', withDefs)).toBe(true);
    expect(matches({ $ref: '#/$defs/code' } as RJSFSchema, 'cny', withDefs)).toBe(false);
  });

  it('finds no errors in form data: the server checks every save', () => {
    expect(validator.validateFormData({ head: { amount: 'x' } }, root)).toEqual({ errors: [], errorSchema: {} });
  });

  it('never compiles code', () => {
    const original = globalThis.Function;
    globalThis.Function = (() => {
      throw new EvalError('no eval under the CSP');
    }) as unknown as FunctionConstructor;
    try {
      expect(validator.isValid({ const: 'CNY' }, 'CNY', root)).toBe(true);
      expect(matches(root, { head: { description: 'x' }, lineList: [] }, root)).toBe(true);
    } finally {
      globalThis.Function = original;
    }
  });
});

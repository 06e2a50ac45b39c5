import { describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { liftLineItems } from './lineItems';

const item: RJSFSchema = { type: 'object', properties: { amount: { type: 'number' }, status: { oneOf: [{ const: 'uncheck' }, { const: 'success' }] } } };
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    head: { type: 'object', properties: { amount: { type: 'number' } } },
    lineList: { type: 'array', items: item },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const uiSchema: UiSchema = { lineList: { 'ui:field': 'lineTable', 'ui:options': { statusField: 'status' } }, head: { amount: { 'ui:widget': 'money' } } };

describe('liftLineItems', () => {
  it('moves a line table item schema into its ui:options and leaves other arrays alone', () => {
    const out = liftLineItems(schema, uiSchema);
    expect((out.schema.properties!.lineList as RJSFSchema).items).toEqual({ type: 'object' });
    expect(out.uiSchema.lineList['ui:options']).toEqual({ statusField: 'status', itemSchema: item });
    expect(out.schema.properties!.tags).toBe(schema.properties!.tags);
    expect(out.schema.properties!.head).toBe(schema.properties!.head);
    expect(out.uiSchema.head).toBe(uiSchema.head);
    // the inputs are not changed
    expect((schema.properties!.lineList as RJSFSchema).items).toBe(item);
    expect(uiSchema.lineList['ui:options']).toEqual({ statusField: 'status' });
  });

  it('returns the inputs themselves when there is no line table', () => {
    const plain: RJSFSchema = { type: 'object', properties: { a: { type: 'string' } } };
    const out = liftLineItems(plain, {});
    expect(out.schema).toBe(plain);
  });
});

import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../api/types';
import { applyFieldStates } from './fieldStates';
import { fieldState } from '../__fixtures__/wire';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    head: { type: 'object', required: ['amount'], properties: { amount: { type: 'number' }, reason: { type: 'string' } } },
    lineList: { type: 'array', items: { type: 'object', properties: { costType: { type: 'string' } } } },
  },
};

describe('applyFieldStates', () => {
  it('hides, marks required and locks head fields without touching the inputs', () => {
    const ui = { head: { amount: { 'ui:widget': 'money' } } };
    const out = applyFieldStates(schema, ui, {
      'head.reason': { visible: false, required: true, editable: true },
      'head.amount': { visible: true, required: false, editable: false },
    });
    expect(out.uiSchema).toEqual({
      head: { amount: { 'ui:widget': 'money', 'ui:readonly': true }, reason: { 'ui:widget': 'hidden' } },
    });
    expect(out.schema.properties?.head.required).toEqual(['reason']);
    expect(schema.properties?.head.required).toEqual(['amount']);
    expect(ui).toEqual({ head: { amount: { 'ui:widget': 'money' } } });
  });

  it('opens a field the export draws read-only when the state says editable', () => {
    const ui = { head: { reason: { 'ui:readonly': true }, amount: { 'ui:widget': 'money' } } };
    const out = applyFieldStates(schema, ui, { 'head.reason': { editable: true } });
    expect(out.uiSchema).toEqual({ head: { reason: {}, amount: { 'ui:widget': 'money' } } });
    expect(ui.head.reason).toEqual({ 'ui:readonly': true });
  });

  it('puts table cell states into the table options', () => {
    const ui = { lineList: { 'ui:field': 'lineTable', 'ui:options': { statusField: 'status' } } };
    const out = applyFieldStates(schema, ui, { 'lineList[2].costType': fieldState({ editable: false }) });
    expect(out.uiSchema.lineList).toEqual({
      'ui:field': 'lineTable',
      'ui:options': { statusField: 'status', rowStates: { 2: { costType: fieldState({ editable: false }) } } },
    });
  });

  it('returns the inputs when there are no states', () => {
    const ui = {};
    expect(applyFieldStates(schema, ui, {}).uiSchema).toBe(ui);
  });
});

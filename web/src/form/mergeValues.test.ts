import { describe, expect, it } from 'vitest';
import { mergeValues } from './mergeValues';

describe('mergeValues', () => {
  const doc = {
    head: { amount: 100, exchangeRate: undefined as number | undefined },
    lineList: [{ status: 'uncheck', costType: 'C01' }, { status: 'uncheck' }],
  };

  it('sets head values and row cells by path', () => {
    const merged = mergeValues(doc, {
      'head.exchangeRate': 1,
      'lineList[0].status': 'success',
      'lineList[1].status': 'error',
    });
    expect(merged.head.exchangeRate).toBe(1);
    expect(merged.lineList.map((r) => r.status)).toEqual(['success', 'error']);
    expect(merged.lineList[0].costType).toBe('C01');
    expect(doc.lineList[0].status).toBe('uncheck');
  });

  it('returns the same object when nothing changes', () => {
    expect(mergeValues(doc, {})).toBe(doc);
    expect(mergeValues(doc, undefined)).toBe(doc);
    expect(mergeValues(doc, { 'head.amount': 100, 'lineList[0].status': 'uncheck' })).toBe(doc);
  });

  it('drops values for rows that no longer exist', () => {
    expect(mergeValues(doc, { 'lineList[5].status': 'success' })).toBe(doc);
  });

  it('creates a missing group', () => {
    const merged = mergeValues({ head: {} } as Record<string, unknown>, { 'recipt.amount': 5 });
    expect(merged).toEqual({ head: {}, recipt: { amount: 5 } });
  });
});

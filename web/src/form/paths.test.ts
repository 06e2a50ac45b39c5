import { describe, expect, it } from 'vitest';
import { getAtPath, parsePath, setAtPath } from './paths';

describe('parsePath', () => {
  it('splits names and row indexes', () => {
    expect(parsePath('head.amount')).toEqual(['head', 'amount']);
    expect(parsePath('lineList[3].costType')).toEqual(['lineList', 3, 'costType']);
    expect(parsePath('lineList[12]')).toEqual(['lineList', 12]);
    expect(parsePath('')).toEqual([]);
  });
});

describe('setAtPath', () => {
  it('copies on the way and leaves the input alone', () => {
    const doc = { head: { amount: 1 }, lineList: [{ status: 'uncheck' }] };
    const next = setAtPath(doc, ['lineList', 0, 'status'], 'success');
    expect(next.lineList[0].status).toBe('success');
    expect(doc.lineList[0].status).toBe('uncheck');
    expect(next.head).toBe(doc.head);
  });

  it('creates missing objects and arrays', () => {
    expect(setAtPath({}, ['lineList', 1, 'status'], 'x')).toEqual({ lineList: [undefined, { status: 'x' }] });
  });

  it('reads values back', () => {
    expect(getAtPath({ a: [{ b: 2 }] }, ['a', 0, 'b'])).toBe(2);
    expect(getAtPath({ a: null }, ['a', 'b'])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { applyEdit, MAX_REBASES, rebase, withEdit, type Edit, type Pending, type Row } from './handedOver';

const rows: Row[] = [
  { costType: 'C01', amount: 10 },
  { costType: 'C02', amount: 20 },
];
const pendingOf = (...edits: Edit[]): Pending[] => edits.reduce<Pending[]>((p, e) => withEdit(p, e), []);
const pick: Edit = { kind: 'cell', index: 0, path: ['costType'], value: 'C09' };

describe('rebase: rows of the form’s own, with the changes still on their way laid on them', () => {
  const cases: Array<{ name: string; given: Row[]; pending: Pending[]; rows: Row[]; left: number }> = [
    {
      name: 'an evaluate answer for the rows before a pick: the pick is laid on it, the answer’s status kept',
      given: [{ ...rows[0], status: 'error' }, rows[1]],
      pending: pendingOf(pick),
      rows: [{ costType: 'C09', amount: 10, status: 'error' }, rows[1]],
      left: 1,
    },
    {
      name: 'the pick came back: nothing is pending',
      given: [{ ...rows[0], costType: 'C09' }, rows[1]],
      pending: pendingOf(pick),
      rows: [{ ...rows[0], costType: 'C09' }, rows[1]],
      left: 0,
    },
    {
      name: 'a cell cleared comes back without its key',
      given: [{ amount: 10 }, rows[1]],
      pending: pendingOf({ kind: 'cell', index: 0, path: ['costType'], value: '' }),
      rows: [{ amount: 10 }, rows[1]],
      left: 0,
    },
    {
      name: 'a row added and a cell of it typed, neither back yet',
      given: rows,
      pending: pendingOf({ kind: 'add', row: {}, length: 3 }, { kind: 'cell', index: 2, path: ['amount'], value: 5 }),
      rows: [...rows, { amount: 5 }],
      left: 2,
    },
    {
      name: 'the row added came back, its cell not yet',
      given: [...rows, {}],
      pending: pendingOf({ kind: 'add', row: {}, length: 3 }, { kind: 'cell', index: 2, path: ['amount'], value: 5 }),
      rows: [...rows, { amount: 5 }],
      left: 1,
    },
    {
      name: 'a row removed, then a cell of the row that took its place: in that order',
      given: rows,
      pending: pendingOf({ kind: 'remove', index: 0, length: 1 }, { kind: 'cell', index: 0, path: ['amount'], value: 21 }),
      rows: [{ costType: 'C02', amount: 21 }],
      left: 2,
    },
    {
      name: 'a cell of a row that is gone meanwhile is dropped',
      given: [rows[0]],
      pending: pendingOf({ kind: 'cell', index: 1, path: ['amount'], value: 99 }),
      rows: [rows[0]],
      left: 0,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = rebase(c.given, c.pending);
      expect(got.rows).toEqual(c.rows);
      expect(got.pending).toHaveLength(c.left);
    });
  }

  it('a cell set twice is pending once, with its last value', () => {
    const pending = pendingOf(pick, { ...pick, value: 'C10' } as Edit);
    expect(pending).toHaveLength(1);
    expect(rebase(rows, pending).rows[0].costType).toBe('C10');
  });

  it('a cell set before and after a row was removed is two edits (the index names two rows)', () => {
    const pending = pendingOf(
      { kind: 'cell', index: 0, path: ['amount'], value: 1 },
      { kind: 'remove', index: 0, length: 1 },
      { kind: 'cell', index: 0, path: ['amount'], value: 2 },
    );
    expect(pending).toHaveLength(3);
    expect(rebase(rows, pending).rows).toEqual([{ costType: 'C02', amount: 2 }]);
  });

  it('an edit the form reshaped is given up after MAX_REBASES rows of its own', () => {
    let pending = pendingOf({ kind: 'cell', index: 0, path: ['amount'], value: 10.004 });
    for (let i = 0; i < MAX_REBASES; i++) {
      const got = rebase(rows, pending);
      expect(got.rows[0].amount).toBe(10.004);
      pending = got.pending;
    }
    expect(rebase(rows, pending)).toEqual({ rows, pending: [] });
  });

  it('applyEdit copies only along the path', () => {
    const next = applyEdit(rows, pick);
    expect(next[1]).toBe(rows[1]);
    expect(next[0]).not.toBe(rows[0]);
    expect(rows[0].costType).toBe('C01');
  });
});

/**
 * The changes a line table handed to the form and has not yet seen come back in the rows
 * the form gives it. A change goes to the form as a transition, so rows of the form's own
 * can arrive before it: an evaluate answer for the document as it was, say, merged and
 * rendered first. Those rows are not the base of the table's next change as they are:
 * the changes still on their way are laid on them again, or a cell just picked would be
 * lost when the next cell is changed.
 */
import { getAtPath, setAtPath, type PathSegment } from '../../form/paths';

export type Row = Record<string, unknown>;

export type Edit =
  /** A cell (or a value inside it) of row `index` set to `value`. */
  | { kind: 'cell'; index: number; path: PathSegment[]; value: unknown }
  /** A row appended; the table then has `length` rows. */
  | { kind: 'add'; row: Row; length: number }
  /** Row `index` removed; the table then has `length` rows. */
  | { kind: 'remove'; index: number; length: number };

/**
 * How many rows of the form's own an edit is laid on at most before it is given up: it
 * has arrived long before (rows come back within a render or two), and an edit the form
 * reshaped (a number it rounded) must not be laid over what it made of it for ever.
 */
export const MAX_REBASES = 8;

export interface Pending {
  edit: Edit;
  /** Rows of the form's own seen since it was handed over. */
  seen: number;
}

/** rjsf drops a cleared value's key: blank, null and missing are one value. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  if (blank(a) && blank(b)) return true;
  return typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

/** The rows with the edit made. */
export function applyEdit(rows: Row[], edit: Edit): Row[] {
  switch (edit.kind) {
    case 'cell': {
      if (edit.index >= rows.length) return rows; // the row went meanwhile
      const next = rows.slice();
      next[edit.index] = setAtPath(rows[edit.index] ?? {}, edit.path, edit.value);
      return next;
    }
    case 'add':
      return [...rows, edit.row];
    case 'remove':
      return rows.filter((_, i) => i !== edit.index);
  }
}

/** Whether rows already show the edit (laid on the edits before it). */
function arrived(rows: Row[], edit: Edit): boolean {
  switch (edit.kind) {
    case 'cell':
      return edit.index >= rows.length || sameValue(getAtPath(rows[edit.index], edit.path), edit.value);
    case 'add':
      return rows.length >= edit.length;
    case 'remove':
      return rows.length <= edit.length;
  }
}

/**
 * The base of the table's next change once the form gave it `rows`: those rows with the
 * edits not yet in them laid on again, in the order they were made, and the edits still
 * pending. An edit the rows show has arrived and is dropped.
 */
export function rebase(rows: Row[], pending: Pending[]): { rows: Row[]; pending: Pending[] } {
  let base = rows;
  const still: Pending[] = [];
  for (const p of pending) {
    if (arrived(base, p.edit) || p.seen + 1 > MAX_REBASES) continue;
    base = applyEdit(base, p.edit);
    still.push({ edit: p.edit, seen: p.seen + 1 });
  }
  return { rows: base, pending: still };
}

/** Pending edits with one more: a cell set again replaces its earlier edit. */
export function withEdit(pending: Pending[], edit: Edit): Pending[] {
  // Only after the last added or removed row: before it, the same index was another row.
  let from = 0;
  pending.forEach((p, i) => {
    if (p.edit.kind !== 'cell') from = i + 1;
  });
  const superseded = (p: Pending, i: number) =>
    edit.kind === 'cell' && i >= from && p.edit.kind === 'cell' && p.edit.index === edit.index && samePath(p.edit.path, edit.path);
  return [...pending.filter((p, i) => !superseded(p, i)), { edit, seen: 0 }];
}

function samePath(a: PathSegment[], b: PathSegment[]): boolean {
  return a.length === b.length && a.every((seg, i) => seg === b[i]);
}

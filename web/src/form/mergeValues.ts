import { getAtPath, parsePath, setAtPath } from './paths';

/**
 * Merges the evaluate call's `values` (defaults and derived values keyed by path, e.g.
 * `head.exchangeRate`, `lineList[0].status`) into formData. Returns formData itself when
 * nothing changes, so React sees no update.
 */
export function mergeValues<T extends object>(formData: T, values: Record<string, unknown> | undefined): T {
  if (!values) return formData;
  let merged = formData;
  for (const [path, value] of Object.entries(values)) {
    const segments = parsePath(path);
    if (segments.length === 0) continue;
    // A value for a row that no longer exists (deleted meanwhile) is dropped.
    const rowIndex = segments.findIndex((s) => typeof s === 'number');
    if (rowIndex > 0) {
      const list = getAtPath(merged, segments.slice(0, rowIndex));
      if (!Array.isArray(list) || (segments[rowIndex] as number) >= list.length) continue;
    }
    if (sameValue(getAtPath(merged, segments), value)) continue;
    merged = setAtPath(merged, segments, value);
  }
  return merged;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return false;
}

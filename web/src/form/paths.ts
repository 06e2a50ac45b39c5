// Document paths as the server writes them: `head.amount`, `lineList[3].costType`, or "".

export type PathSegment = string | number;

/** Splits a server path into property names and 0-based row indexes. */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path)) !== null) {
    if (m[2] !== undefined) segments.push(Number(m[2]));
    else segments.push(m[1]);
  }
  return segments;
}

/** The value at segments, or undefined when any step is missing. */
export function getAtPath(root: unknown, segments: PathSegment[]): unknown {
  let cur: unknown = root;
  for (const seg of segments) {
    if (cur == null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PathSegment, unknown>)[seg];
  }
  return cur;
}

/**
 * Returns a copy of root with value set at segments; objects and arrays on the way are
 * copied (never mutated) and missing steps are created (an array for a numeric step).
 */
export function setAtPath<T>(root: T, segments: PathSegment[], value: unknown): T {
  if (segments.length === 0) return value as T;
  const [head, ...rest] = segments;
  const base: unknown = root ?? (typeof head === 'number' ? [] : {});
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<PathSegment, unknown>;
  copy[head] = setAtPath(copy[head], rest, value);
  return copy as T;
}

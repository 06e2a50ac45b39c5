import { useRef } from 'react';

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

/**
 * Stable React keys for table rows, kept beside the rows: adding appends a key,
 * removing drops the row's key; when the row count changes from outside (a reload),
 * keys are made anew.
 */
export function useRowKeys(count: number) {
  const keys = useRef<string[]>([]);
  if (keys.current.length !== count) {
    keys.current = Array.from({ length: count }, (_, i) => keys.current[i] ?? newKey());
  }
  return {
    keys: keys.current,
    add: () => {
      keys.current = [...keys.current, newKey()];
    },
    remove: (index: number) => {
      keys.current = keys.current.filter((_, i) => i !== index);
    },
  };
}

// Display names of codes for read mode and the picker: every name asked for within one
// turn of the event loop goes out in one GET .../:type/names call per type, and each is
// held by react-query under its own key, so a page with many rows asks once.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchNames, type MasterRecord } from './api';

/** At most this many keys in one names call (the address stays short). */
export const NAMES_PER_CALL = 100;

type Waiter = { key: string; resolve: (name: string | null) => void; reject: (error: unknown) => void };
type Batch = { type: string; waiters: Waiter[] };

const batches = new Map<string, Batch>();

function flush(id: string) {
  const batch = batches.get(id);
  batches.delete(id);
  if (!batch) return;
  const keys = [...new Set(batch.waiters.map((w) => w.key))];
  for (let i = 0; i < keys.length; i += NAMES_PER_CALL) {
    const chunk = new Set(keys.slice(i, i + NAMES_PER_CALL));
    const waiters = batch.waiters.filter((w) => chunk.has(w.key));
    fetchNames(batch.type, [...chunk]).then(
      (names) => waiters.forEach((w) => w.resolve(typeof names?.[w.key] === 'string' ? names[w.key] : null)),
      (error: unknown) => waiters.forEach((w) => w.reject(error)),
    );
  }
}

/** The display name of key (null: the store does not know it), asked together with the others of this turn. */
export function loadName(type: string, key: string, lang: string): Promise<string | null> {
  const id = `${lang}\u0000${type}`;
  let batch = batches.get(id);
  if (!batch) {
    batch = { type, waiters: [] };
    batches.set(id, batch);
    setTimeout(() => flush(id), 0);
  }
  const waiting = batch;
  return new Promise((resolve, reject) => waiting.waiters.push({ key, resolve, reject }));
}

/** A code's name, held per type, language and key; name null: unknown code. */
export const refNameQuery = (type: string, key: string, lang: string) =>
  queryOptions({
    queryKey: ['md', 'name', type, lang, key],
    queryFn: async () => ({ name: await loadName(type, key, lang) }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Holds the names of records just listed or picked, so that showing them asks nothing. */
export function rememberNames(client: QueryClient, type: string, lang: string, rows: readonly Pick<MasterRecord, 'key' | 'display'>[]) {
  for (const r of rows) client.setQueryData(refNameQuery(type, r.key, lang).queryKey, { name: r.display });
}

import { apiRevalidate } from './client';
import type { FormExport } from './types';
import { read, readJson, write } from '../auth/storage';

// The exports the page has rendered, by ETag: a save or a load names the export of its
// document (form.schema.etag), and one held here needs no request. An export asked for
// again by its address is revalidated with If-None-Match (304: the one held is current).
//
// An export named by its ETag never changes, so the last few are also kept in local
// storage: a document opened again in a new page (a reload, a link, the next day) is
// drawn as soon as its load answers, without waiting for its export. Exports hold no
// one's data (the same ETag is the same text for everyone); a logout clears them with
// the rest of local storage.

/** How many exports are kept (about 20 KB each); the least recently used goes first. */
export const EXPORT_CACHE_SIZE = 40;

/** How many of them local storage keeps between pages; the least recently stored goes first. */
export const STORED_EXPORTS = 12;

/** The local-storage key listing the stored exports' keys, oldest first. */
export const STORED_EXPORTS_KEY = 'formwork.exports';
const storedKey = (key: string) => `formwork.export ${key}`;

const byEtag = new Map<string, FormExport>();
const etagOfUrl = new Map<string, string>();

// Titles and messages in an export are in the request's language: the language is part of every key.
const etagKey = (lang: string, etag: string) => `${lang} ${etag}`;

function storedList(): string[] {
  const list = readJson<unknown>(STORED_EXPORTS_KEY, []);
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
}

/** The export local storage keeps under key, if any (one unreadable is forgotten). */
function storedExport(key: string): FormExport | undefined {
  const raw = read(storedKey(key));
  if (!raw) return undefined;
  try {
    const data = JSON.parse(raw) as FormExport;
    if (data && typeof data === 'object') return data;
  } catch {
    // written by an older page, or cut short: asked for again
  }
  write(storedKey(key), null);
  return undefined;
}

/** Keeps an export in local storage, dropping the oldest past STORED_EXPORTS (or while storage is full). */
function storeExport(key: string, data: FormExport): void {
  const list = storedList().filter((k) => k !== key);
  list.push(key);
  while (list.length > STORED_EXPORTS) write(storedKey(list.shift() as string), null);
  const text = JSON.stringify(data);
  let stored = write(storedKey(key), text);
  // full: the oldest make room
  while (!stored && list.length > 1) {
    write(storedKey(list.shift() as string), null);
    stored = write(storedKey(key), text);
  }
  write(STORED_EXPORTS_KEY, JSON.stringify(stored ? list : list.filter((k) => k !== key)));
}

function hold(key: string, data: FormExport): void {
  byEtag.delete(key);
  byEtag.set(key, data);
  while (byEtag.size > EXPORT_CACHE_SIZE) byEtag.delete(byEtag.keys().next().value as string);
}

/** The export held under etag in lang, if any (and marks it recently used). */
export function cachedExport(lang: string, etag: string): FormExport | undefined {
  const key = etagKey(lang, etag);
  const held = byEtag.get(key) ?? storedExport(key);
  if (held) hold(key, held);
  return held;
}

/** Keeps an export under its etag. */
export function rememberExport(lang: string, etag: string, data: FormExport): void {
  const key = etagKey(lang, etag);
  hold(key, data);
  storeExport(key, data);
}

/** Forgets every export, those in local storage too (tests). */
export function clearExportCache(): void {
  byEtag.clear();
  etagOfUrl.clear();
  for (const key of storedList()) write(storedKey(key), null);
  write(STORED_EXPORTS_KEY, null);
}

/**
 * GETs an export by its address (url without the language) in lang: with If-None-Match
 * when one from that address is held (304 returns it), and keeps the answer by its ETag.
 * Asked for the export a save or a load named (expectedEtag), an answer without an ETag
 * header is kept under that one.
 */
export async function fetchExport(url: string, lang: string, signal?: AbortSignal, expectedEtag?: string): Promise<FormExport> {
  const urlKey = `${lang} ${url}`;
  const known = etagOfUrl.get(urlKey);
  const held = known ? cachedExport(lang, known) : undefined;
  const answer = await apiRevalidate<FormExport>(url, held ? known : undefined, signal);
  if (answer.notModified) return held as FormExport;
  const etag = answer.etag || expectedEtag;
  if (etag) {
    rememberExport(lang, etag, answer.data);
    etagOfUrl.set(urlKey, etag);
  }
  return answer.data;
}

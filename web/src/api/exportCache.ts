import { apiRevalidate } from './client';
import type { FormExport } from './types';

// The exports the page has rendered, by ETag: a save or a load names the export of its
// document (form.schema.etag), and one held here needs no request. An export asked for
// again by its address is revalidated with If-None-Match (304: the one held is current).

/** How many exports are kept (about 16 KB each); the least recently used goes first. */
export const EXPORT_CACHE_SIZE = 40;

const byEtag = new Map<string, FormExport>();
const etagOfUrl = new Map<string, string>();

// Titles and messages in an export are in the request's language: the language is part of every key.
const etagKey = (lang: string, etag: string) => `${lang} ${etag}`;

/** The export held under etag in lang, if any (and marks it recently used). */
export function cachedExport(lang: string, etag: string): FormExport | undefined {
  const key = etagKey(lang, etag);
  const held = byEtag.get(key);
  if (held) {
    byEtag.delete(key);
    byEtag.set(key, held);
  }
  return held;
}

/** Keeps an export under its etag. */
export function rememberExport(lang: string, etag: string, data: FormExport): void {
  const key = etagKey(lang, etag);
  byEtag.delete(key);
  byEtag.set(key, data);
  while (byEtag.size > EXPORT_CACHE_SIZE) byEtag.delete(byEtag.keys().next().value as string);
}

/** Forgets every export (tests; a logout need not: exports hold no one's data). */
export function clearExportCache(): void {
  byEtag.clear();
  etagOfUrl.clear();
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

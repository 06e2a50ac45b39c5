import i18n from '../i18n';
import type { Envelope } from './types';

/** An answer that was not S000: the HTTP status, the envelope's code, message and data. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: unknown;

  constructor(status: number, code: string, message: string, data: unknown) {
    super(message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/** Adds the interface language as ?lang= so server messages come in that language. */
export function withLang(url: string, lang: string = i18n.language): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}lang=${encodeURIComponent(lang)}`;
}

/**
 * Calls the API and returns the envelope's data on S000. Any other answer throws an
 * ApiError carrying the HTTP status, the code, the message and the data (a CheckResult
 * for refused saves).
 */
export async function apiCall<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const lang = i18n.language;
  const res = await fetch(withLang(url, lang), {
    method,
    signal,
    headers: {
      Accept: 'application/json',
      'Accept-Language': lang,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let envelope: Partial<Envelope<T>> = {};
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    // Not JSON (a proxy error page, an empty body): handled below by the status.
  }
  if (!res.ok || envelope.code !== 'S000') {
    throw new ApiError(res.status, envelope.code ?? '', envelope.message ?? '', envelope.data);
  }
  return envelope.data as T;
}

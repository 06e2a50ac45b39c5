import i18n from '../i18n';
import { session } from '../auth/storage';
import { handleNotLoggedIn } from '../auth/notLoggedIn';
import type { Envelope } from './types';

/** Every call gives up after two minutes (documents.md 7 and 9). */
export const REQUEST_TIMEOUT_MS = 120_000;

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

/**
 * Whether an answer means "not logged in": HTTP 401 (docs/api.md), or the spec's
 * HTTP 500 whose envelope carries code "400" (navigation-and-access.md 8).
 */
export function isNotLoggedIn(status: number, code: string | undefined): boolean {
  return status === 401 || (status === 500 && code === '400');
}

/** Adds the interface language as ?lang= so server messages come in that language. */
export function withLang(url: string, lang: string = i18n.language): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}lang=${encodeURIComponent(lang)}`;
}

/**
 * The headers that say who is calling: X-token (the session), X-company (the chosen
 * company) and, for the alternate logins, k2token, ssctoken and mmdlToken. Only the
 * ones held are sent.
 */
export function identityHeaders(): Record<string, string> {
  const h: Record<string, string> = {};
  const put = (name: string, value: string) => {
    if (value) h[name] = value;
  };
  put('X-token', session.token());
  put('X-company', session.company());
  put('k2token', session.k2token());
  put('ssctoken', session.ssctoken());
  put('mmdlToken', session.mmdlToken());
  return h;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Leave a "not logged in" answer to the caller instead of logging out and reloading
   * (the logout call itself, the login page's own calls).
   */
  quietAuth?: boolean;
}

/**
 * Calls the API and returns the whole envelope, whatever its code, for calls whose
 * success code is not S000 (login answers "200"). Throws ApiError for an HTTP failure,
 * a timeout (status 0, code ETIMEOUT) or a network failure (status 0, code ENETWORK);
 * a "not logged in" answer also logs out and reloads once, unless quietAuth.
 */
export async function apiEnvelope<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Partial<Envelope<T>>> {
  const lang = i18n.language;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(withLang(url, lang), {
      method,
      signal,
      headers: {
        Accept: 'application/json',
        'Accept-Language': lang,
        ...identityHeaders(),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (options.signal?.aborted) throw err; // the caller cancelled: not a failure
    if (timeout.aborted) throw new ApiError(0, 'ETIMEOUT', `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`, null);
    throw new ApiError(0, 'ENETWORK', err instanceof Error ? err.message : String(err), null);
  }
  let envelope: Partial<Envelope<T>> = {};
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    // Not JSON (a proxy error page, an empty body): handled below by the status.
  }
  if (!res.ok) {
    if (isNotLoggedIn(res.status, envelope.code) && !options.quietAuth) handleNotLoggedIn();
    throw new ApiError(res.status, envelope.code ?? '', envelope.message ?? '', envelope.data);
  }
  return envelope;
}

/**
 * Calls the API and returns the envelope's data on S000. Any other answer throws an
 * ApiError carrying the HTTP status, the code, the message and the data (a CheckResult
 * for refused saves). See apiEnvelope for timeouts and "not logged in".
 */
export async function apiCall<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  signal?: AbortSignal,
  options: Omit<CallOptions, 'signal'> = {},
): Promise<T> {
  const envelope = await apiEnvelope<T>(method, url, body, { ...options, signal });
  if (envelope.code !== 'S000') {
    throw new ApiError(200, envelope.code ?? '', envelope.message ?? '', envelope.data);
  }
  return envelope.data as T;
}

/**
 * GETs a page that is not JSON (the print view) with the identity headers, as text.
 * A refusal comes as the usual envelope and throws ApiError, like apiCall.
 */
export async function apiText(url: string, options: CallOptions = {}): Promise<string> {
  const lang = i18n.language;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(withLang(url, lang), { signal, headers: { Accept: 'text/html', 'Accept-Language': lang, ...identityHeaders() } });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    if (timeout.aborted) throw new ApiError(0, 'ETIMEOUT', `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`, null);
    throw new ApiError(0, 'ENETWORK', err instanceof Error ? err.message : String(err), null);
  }
  const text = await res.text();
  if (!res.ok) {
    let envelope: Partial<Envelope<unknown>> = {};
    try {
      envelope = JSON.parse(text) as Envelope<unknown>;
    } catch {
      // not JSON: the status says it
    }
    if (isNotLoggedIn(res.status, envelope.code) && !options.quietAuth) handleNotLoggedIn();
    throw new ApiError(res.status, envelope.code ?? '', envelope.message ?? '', envelope.data);
  }
  return text;
}

/** Whether a failed call should not be retried: any answer the server gave on purpose. */
export function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

import i18n from '../i18n';
import { session } from '../auth/storage';
import { handleNotLoggedIn } from '../auth/notLoggedIn';
import type { Envelope } from './types';

/** Every call gives up after two minutes (documents.md 7 and 9). */
export const REQUEST_TIMEOUT_MS = 120_000;

/**
 * The N of 'service call exception! error code: N' (documents.md 8) when no HTTP status
 * says what went wrong. An answer the server gave with a failure status shows that status.
 */
export const serviceErrorCodes = {
  /** No answer at all: offline, connection refused, name not found (fetch's TypeError "Failed to fetch"). */
  network: 0,
  /** No answer within REQUEST_TIMEOUT_MS: the browser gave up (as HTTP's 408 Request Timeout). */
  timeout: 408,
  /** A success status whose body is not the API's JSON envelope (e.g. a proxy's HTML page). */
  badAnswer: 502,
} as const;

/** 'service call exception! error code: N' in the interface language. */
export function serviceErrorText(code: number): string {
  return i18n.t('save.serviceError', { code });
}

/**
 * An answer that was not S000, or no usable answer: the HTTP status (0 when none came),
 * the envelope's code, message and data. `message` is always text for a person: the
 * server's message when it sent one (in the request's language), else 'service call
 * exception! error code: N' with N = serviceCode (the status, or serviceErrorCodes).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: unknown;
  /** The N shown to a person: the HTTP status, or one of serviceErrorCodes. */
  readonly serviceCode: number;
  /** The server's own message ('' when it sent none): worth showing beside the code. */
  readonly serverMessage: string;

  constructor(status: number, code: string, message: string, data: unknown, serviceCode: number = status) {
    super(message || serviceErrorText(serviceCode));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
    this.serviceCode = serviceCode;
    this.serverMessage = message;
  }
}

/** The text a person reads for any failure: an ApiError's message, else the service exception with code 0. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : serviceErrorText(serviceErrorCodes.network);
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Sends one request with the language, the identity headers and the timeout. A request
 * that gets no answer throws ApiError: ETIMEOUT (no answer within the timeout) or
 * ENETWORK (no answer at all), status 0, with the service exception text; a cancelled
 * one rethrows the caller's AbortError.
 */
async function send(method: Method, url: string, init: { body?: unknown; accept?: string; headers?: Record<string, string> }, options: CallOptions): Promise<Response> {
  const lang = i18n.language;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await fetch(withLang(url, lang), {
      method,
      signal,
      headers: {
        Accept: init.accept ?? 'application/json',
        'Accept-Language': lang,
        ...identityHeaders(),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (err) {
    if (options.signal?.aborted) throw err; // the caller cancelled: not a failure
    if (timeout.aborted) throw new ApiError(0, 'ETIMEOUT', '', null, serviceErrorCodes.timeout);
    throw new ApiError(0, 'ENETWORK', '', null, serviceErrorCodes.network);
  }
}

/** The envelope of an answer's body, or null when the body is not a JSON object. */
function parseEnvelope<E extends Envelope<unknown>>(text: string): Partial<E> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Partial<E>) : null;
  } catch {
    return null; // a proxy's error page, an empty body
  }
}

/** Throws the ApiError of a failure status (logging out on "not logged in", unless quietAuth). */
function failed(status: number, envelope: Partial<Envelope<unknown>> | null, options: CallOptions): never {
  const e = envelope ?? {};
  if (isNotLoggedIn(status, e.code) && !options.quietAuth) handleNotLoggedIn();
  throw new ApiError(status, typeof e.code === 'string' ? e.code : '', typeof e.message === 'string' ? e.message : '', e.data ?? null);
}

/**
 * The envelope of an answer given as its HTTP status and body text (for answers that
 * did not come through fetch: an upload sent with XMLHttpRequest for its progress).
 * ApiError for a failure status or a body that is not an envelope, as apiEnvelope.
 */
export function envelopeOf<E extends Envelope<unknown>>(status: number, text: string, options: CallOptions = {}): Partial<E> {
  const envelope = parseEnvelope<E>(text);
  if (status < 200 || status > 299) failed(status, envelope, options);
  if (!envelope) throw new ApiError(status, 'EBADANSWER', '', null, serviceErrorCodes.badAnswer);
  return envelope;
}

/** Reads a JSON answer: its envelope, or ApiError for a failure status or a body that is not an envelope. */
async function readEnvelope<E extends Envelope<unknown>>(res: Response, options: CallOptions): Promise<Partial<E>> {
  return envelopeOf<E>(res.status, await res.text().catch(() => ''), options);
}

/**
 * Calls the API and returns the whole envelope, whatever its code, for calls whose
 * success code is not S000 (login answers "200") or whose answer carries more than
 * data (the form of a save or a load). Throws ApiError for an HTTP failure, no answer
 * (see send) or an answer that is not JSON (EBADANSWER); a "not logged in" answer also
 * logs out and reloads once, unless quietAuth. E is the answer's type when it carries
 * more than data (docs/openapi.json's StoredForm).
 */
export async function apiEnvelope<T, E extends Envelope<T> = Envelope<T>>(
  method: Method,
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Partial<E>> {
  const res = await send(method, url, { body }, options);
  return readEnvelope<E>(res, options);
}

/** The envelope when its code is S000; else ApiError with the HTTP status 200 and the envelope's code and message. */
export function succeeded<E extends Envelope<unknown>>(envelope: Partial<E>): Partial<E> {
  if (envelope.code !== 'S000') throw new ApiError(200, envelope.code ?? '', envelope.message ?? '', envelope.data);
  return envelope;
}

/**
 * Calls the API and returns the envelope's data on S000. Any other answer throws an
 * ApiError carrying the HTTP status, the code, the message and the data (a CheckResult
 * for refused saves). See apiEnvelope for timeouts and "not logged in".
 */
export async function apiCall<T>(
  method: Method,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
  options: Omit<CallOptions, 'signal'> = {},
): Promise<T> {
  return succeeded(await apiEnvelope<T>(method, url, body, { ...options, signal })).data as T;
}

/** A conditional GET's outcome: the data and its ETag, or "not modified" (304). */
export type Revalidated<T> = { notModified: false; data: T; etag: string } | { notModified: true; etag: string };

/**
 * GETs data that carries an ETag, sending If-None-Match when etag is given: a 304
 * answer is "not modified" (keep what is held), else the data with the answer's ETag
 * ('' when it has none). Failures as apiCall.
 */
export async function apiRevalidate<T>(url: string, etag: string | undefined, signal?: AbortSignal): Promise<Revalidated<T>> {
  const options = { signal };
  const res = await send('GET', url, { headers: etag ? { 'If-None-Match': etag } : {} }, options);
  if (res.status === 304 && etag) return { notModified: true, etag };
  const envelope = succeeded(await readEnvelope<Envelope<T>>(res, options));
  return { notModified: false, data: envelope.data as T, etag: res.headers.get('ETag') ?? '' };
}

/**
 * GETs a page that is not JSON (the print view) with the identity headers, as text.
 * A refusal comes as the usual envelope and throws ApiError, like apiCall.
 */
export async function apiText(url: string, options: CallOptions = {}): Promise<string> {
  const res = await send('GET', url, { accept: 'text/html' }, options);
  const text = await res.text();
  if (!res.ok) failed(res.status, parseEnvelope(text), options);
  return text;
}

/** A file the server answered: its bytes and the name Content-Disposition gives ('' when none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (filename*=UTF-8'' first, then filename=). */
export function dispositionFileName(header: string | null): string {
  if (!header) return '';
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  return plain ? (plain[2] ?? plain[1]).trim() : '';
}

/**
 * GETs a file (a spreadsheet export) with the identity headers. A refusal comes as the
 * usual envelope and throws ApiError, like apiCall.
 */
export async function apiBlob(url: string, accept: string, options: CallOptions = {}): Promise<DownloadedFile> {
  const res = await send('GET', url, { accept }, options);
  if (!res.ok) failed(res.status, parseEnvelope(await res.text().catch(() => '')), options);
  return { blob: await res.blob(), fileName: dispositionFileName(res.headers.get('Content-Disposition')) };
}

/** Whether a failed call should not be retried: any answer the server gave on purpose. */
export function isFinalError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

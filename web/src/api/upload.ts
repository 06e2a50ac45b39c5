// Uploads, sent with XMLHttpRequest: fetch reports no upload progress.
import i18n from '../i18n';
import { ApiError, envelopeOf, identityHeaders, REQUEST_TIMEOUT_MS, serviceErrorCodes, succeeded, withLang } from './client';
import type { Envelope } from './types';

/** How much of the body has gone: 0..1, or null while the browser cannot tell. */
export type UploadProgress = (fraction: number | null) => void;

export interface UploadOptions {
  /** The body's content type (an xlsx workbook); none for a FormData body (multipart). */
  contentType?: string;
  onProgress?: UploadProgress;
  signal?: AbortSignal;
}

/**
 * POSTs body to path, calling onProgress as it goes. Resolves with the answer's data; a
 * refusal is ApiError as every other call's (422 ECHECK: data.findings), no answer
 * ETIMEOUT / ENETWORK; a cancel through signal rejects with an AbortError.
 */
export function apiUpload<T>(path: string, body: Blob | FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const lang = i18n.language;
    xhr.open('POST', withLang(path, lang));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', lang);
    if (options.contentType) xhr.setRequestHeader('Content-Type', options.contentType);
    for (const [name, value] of Object.entries(identityHeaders())) xhr.setRequestHeader(name, value);
    const { onProgress } = options;
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.lengthComputable && e.total > 0 ? e.loaded / e.total : null);
    xhr.onload = () => {
      try {
        resolve(succeeded(envelopeOf<Envelope<T>>(xhr.status, xhr.responseText)).data as T);
      } catch (err) {
        reject(err);
      }
    };
    xhr.ontimeout = () => reject(new ApiError(0, 'ETIMEOUT', '', null, serviceErrorCodes.timeout));
    xhr.onerror = () => reject(new ApiError(0, 'ENETWORK', '', null, serviceErrorCodes.network));
    xhr.onabort = () => reject(new DOMException('the upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

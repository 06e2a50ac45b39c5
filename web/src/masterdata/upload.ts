// The spreadsheet import, sent with XMLHttpRequest: fetch reports no upload progress.
import i18n from '../i18n';
import { ApiError, envelopeOf, identityHeaders, REQUEST_TIMEOUT_MS, serviceErrorCodes, succeeded, withLang } from '../api/client';
import type { Envelope } from '../api/types';
import { typeUrl, XLSX_TYPE, type ImportResult } from './api';

/** How much of the file has gone: 0..1, or null while the browser cannot tell. */
export type UploadProgress = (fraction: number | null) => void;

/**
 * POST .../:type/import with the file's bytes as the body, calling onProgress as they
 * go. Resolves with the counts; a refusal is ApiError (422 ECHECK: data.findings, one
 * per bad cell with its row; nothing was imported), no answer ETIMEOUT / ENETWORK as
 * every other call; a cancel through signal rejects with an AbortError.
 */
export function uploadImport(type: string, file: Blob, onProgress: UploadProgress, signal?: AbortSignal): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const lang = i18n.language;
    xhr.open('POST', withLang(`${typeUrl(type)}/import`, lang));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', lang);
    xhr.setRequestHeader('Content-Type', XLSX_TYPE);
    for (const [name, value] of Object.entries(identityHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable && e.total > 0 ? e.loaded / e.total : null);
    xhr.onload = () => {
      try {
        resolve(succeeded(envelopeOf<Envelope<ImportResult>>(xhr.status, xhr.responseText)).data as ImportResult);
      } catch (err) {
        reject(err);
      }
    };
    xhr.ontimeout = () => reject(new ApiError(0, 'ETIMEOUT', '', null, serviceErrorCodes.timeout));
    xhr.onerror = () => reject(new ApiError(0, 'ENETWORK', '', null, serviceErrorCodes.network));
    xhr.onabort = () => reject(new DOMException('the import was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

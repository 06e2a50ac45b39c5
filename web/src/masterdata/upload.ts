// The spreadsheet import of a master-data type (api/upload: with progress).
import { apiUpload, type UploadProgress } from '../api/upload';
import { typeUrl, XLSX_TYPE, type ImportResult } from './api';

export type { UploadProgress };

/**
 * POST .../:type/import with the file's bytes as the body, calling onProgress as they
 * go. Resolves with the counts; a refusal is ApiError (422 ECHECK: data.findings, one
 * per bad cell with its row; nothing was imported), no answer ETIMEOUT / ENETWORK as
 * every other call; a cancel through signal rejects with an AbortError.
 */
export const uploadImport = (type: string, file: Blob, onProgress: UploadProgress, signal?: AbortSignal): Promise<ImportResult> =>
  apiUpload<ImportResult>(`${typeUrl(type)}/import`, file, { contentType: XLSX_TYPE, onProgress, signal });

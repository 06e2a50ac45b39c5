import { apiCall, envelopeOf, identityHeaders, withLang } from '../api/client';
import { apiUpload } from '../api/upload';
import type { components } from '../api/schema';

/** An uploaded file with the invoices recognised in it (POST file/upload). */
export type Uploaded = components['schemas']['UploadedFile'];
/** A file linked to a document (doc/attachment/list). */
export type Attachment = components['schemas']['FileAttachment'];
/** The reimbursement guide's answer (commonForm/getHelpDocs). */
export type Guide = components['schemas']['GuideAnswer'];
export type GuideEntry = components['schemas']['GuideEntry'];

/** Where an upload goes: the document, its line (lineList[0]; '' the head) and group. */
export interface UploadTarget {
  businessId?: string;
  line?: string;
  group?: string;
}

/**
 * Uploads one file (multipart field file) with XMLHttpRequest, reporting progress from 0
 * to 1; resolves with the stored file, rejects with ApiError as every call does.
 */
export async function uploadFile(file: File, target: UploadTarget, onProgress: (fraction: number) => void): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', file, file.name);
  for (const [k, v] of Object.entries(target)) if (v) form.append(k, v);
  const stored = await apiUpload<Uploaded>('/api/galaxyform/file/upload', form, {
    onProgress: (fraction) => {
      if (fraction !== null) onProgress(fraction);
    },
  });
  onProgress(1);
  return stored;
}

/** The files linked to a document (first page of 100). */
export async function listAttachments(businessId: string): Promise<Attachment[]> {
  const page = await apiCall<{ list: Attachment[] }>('POST', '/api/galaxyform/doc/attachment/list', { businessId, pageNum: 1, pageSize: 100 });
  return page.list ?? [];
}

/** Links an uploaded file to a document, at a line, in a file group of the guide ('' none). */
export async function linkFile(fileId: string, businessId: string, line: string, group = ''): Promise<void> {
  await apiCall('POST', '/api/galaxyform/file/link', { fileId, businessId, line, group });
}

/** The reimbursement guide: a document type's business type, or the common table. */
export function helpDocs(q: { docType?: string; businessType1?: string; businessType2?: string; businessType3?: string; action?: string }) {
  const params = new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]);
  return apiCall<Guide>('GET', `/api/galaxyform/commonForm/getHelpDocs?${params.toString()}`);
}

/**
 * A file's content (previewImage, previewDoc, download) as a Blob: the calls need the
 * session's headers, which an <img src> cannot send.
 */
export async function fileContent(call: 'previewImage' | 'previewDoc' | 'download', fileId: string, size?: number): Promise<Blob> {
  const q = new URLSearchParams({ fileId });
  if (size) q.set('size', String(size));
  const res = await fetch(withLang(`/api/galaxyform/file/${call}?${q.toString()}`), { headers: identityHeaders() });
  if (!res.ok) envelopeOf(res.status, await res.text().catch(() => ''));
  return res.blob();
}

/** Saves a file under its name (download). */
export async function downloadFile(fileId: string, name: string) {
  const blob = await fileContent('download', fileId);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Kinds shown by the viewer: images and PDFs. */
export function viewerOf(kind: string): 'image' | 'pdf' | null {
  if (kind === 'png' || kind === 'jpg') return 'image';
  if (kind === 'pdf') return 'pdf';
  return null;
}

// PDF.js (pdfjs-dist), loaded only when a PDF is shown: its worker is a file of its own.
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Opens a PDF from its bytes. */
export async function openPdf(data: ArrayBuffer): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(data) }).promise;
}

/** Draws page n (from 1) of doc on canvas at scale, turned by rotation degrees. */
export async function drawPage(doc: PDFDocumentProxy, n: number, canvas: HTMLCanvasElement, scale: number, rotation: number) {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale, rotation: (page.rotate + rotation) % 360 });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  await page.render({ canvas, viewport }).promise;
}

import type { DownloadedFile } from '../api/client';

/** Hands a downloaded file to the browser's downloads under its name (or fallbackName). */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName || fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the address; it is not needed any longer.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

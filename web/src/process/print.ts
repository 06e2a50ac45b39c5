import { fetchPrintView } from '../api/process';

/**
 * Opens the server's print view of a document in a new window. The page needs the
 * session headers, so it is fetched and shown from a blob address rather than linked
 * (a link would carry no X-token). The window is opened at once, within the click, so
 * that no popup blocker holds it back; a refusal closes it again and is thrown.
 */
export async function openPrintView(businessId: string): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const html = await fetchPrintView(businessId);
    const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
    if (win) win.location.href = url;
    else window.open(url, '_blank');
    // The window has read it by then; a reload of the print window is not needed.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    win?.close();
    throw error;
  }
}

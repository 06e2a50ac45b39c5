// Dates travel as "yyyy-MM-dd"; people may type 2024/1/5, 2024.01.05, 20240105 or 2024年1月5日.

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= last;
}

/**
 * Normalises typed text to "yyyy-MM-dd". Empty text is undefined; text that is no real
 * calendar date is null.
 */
export function normalizeDate(text: string): string | undefined | null {
  const t = text.trim();
  if (t === '') return undefined;
  let m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t);
  if (!m) m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : null;
}

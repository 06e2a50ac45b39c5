/** A server time (RFC 3339) as the reader's local date and time, to the second. */
export function formatTime(at: string | null | undefined, lang: string): string {
  if (!at) return '';
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return at;
  const locale = lang === 'zh' ? 'zh-CN' : lang === 'th' ? 'th-TH-u-ca-gregory' : 'en-GB';
  return d.toLocaleString(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

/**
 * Which instance of the form page a route shows: one per document type and business id,
 * so that opening another document starts afresh. A save of a new document carries the
 * key it was opened with in the navigation state: the page keeps what is on screen
 * while the address gains the new businessId.
 */
export function formKeyOf(search: string, state: unknown): string {
  const kept = (state as { formKey?: unknown } | null)?.formKey;
  if (typeof kept === 'string') return kept;
  const q = new URLSearchParams(search);
  return `${q.get('docType') ?? ''}|${q.get('businessId') ?? ''}`;
}

/**
 * Masked master-data fields (a field's `mask: account` in its type, ui:options.mask in the
 * exported uiSchema): lists and pickers get them masked from the server; the edit form of a
 * record (for those who may change it) reads the record itself, which carries them whole.
 */

type UiNode = { [key: string]: unknown };

/** Whether a uiSchema masks one of its fields, in the rows of a list field too. */
export function masksAny(uiSchema: unknown): boolean {
  if (!uiSchema || typeof uiSchema !== 'object') return false;
  return Object.entries(uiSchema as UiNode).some(([key, node]) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return false;
    if (key === 'ui:options') return typeof (node as UiNode).mask === 'string';
    return masksAny(node);
  });
}

/** An account number longer than 8 characters as its first 4 and last 4, '*' between (navigation-and-access.md 2.4). */
export function maskAccount(value: string): string {
  const chars = Array.from(value);
  if (chars.length <= 8) return value;
  return chars.slice(0, 4).join('') + '*'.repeat(chars.length - 8) + chars.slice(-4).join('');
}

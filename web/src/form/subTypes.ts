import type { DocumentHead, SubTypeOption } from '../api/types';

/** The sub-type the export is asked for: "A01.A0101", "A01" or "" from the head. */
export function subTypeOf(head: DocumentHead | undefined): string {
  const bt1 = typeof head?.businessType1 === 'string' ? head.businessType1 : '';
  const bt2 = typeof head?.businessType2 === 'string' ? head.businessType2 : '';
  if (!bt1) return '';
  return bt2 ? `${bt1}.${bt2}` : bt1;
}

/** The businessType2 options under the chosen businessType1. */
export function childOptions(tree: SubTypeOption[] | undefined, bt1: string | undefined): SubTypeOption[] {
  return tree?.find((o) => o.key === bt1)?.children ?? [];
}

/** A select's value only when it is one of the options (MUI warns on anything else). */
export function knownValue(options: SubTypeOption[], value: unknown): string {
  return typeof value === 'string' && options.some((o) => o.key === value) ? value : '';
}

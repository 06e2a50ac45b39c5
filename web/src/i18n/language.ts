/** The interface languages; zh is the default. */
export const languages = ['zh', 'en', 'th'] as const;
export type Language = (typeof languages)[number];

const storageKey = 'formwork.lang';

/** The language stored by the last switch, or zh. */
export function storedLanguage(): Language {
  try {
    const v = globalThis.localStorage?.getItem(storageKey);
    return (languages as readonly string[]).includes(v ?? '') ? (v as Language) : 'zh';
  } catch {
    return 'zh';
  }
}

export function storeLanguage(lang: Language): void {
  try {
    globalThis.localStorage?.setItem(storageKey, lang);
  } catch {
    // Private mode or no storage: the choice lasts for this page only.
  }
}

/** Picks the text for lang from a {zh, en, th} object, falling back to zh, then any. */
export function localText(text: unknown, lang: string): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  if (typeof text === 'object') {
    const t = text as Record<string, unknown>;
    const v = t[lang] ?? t.zh ?? t.en ?? Object.values(t)[0];
    return typeof v === 'string' ? v : '';
  }
  return String(text);
}

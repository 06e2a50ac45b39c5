import { describe, expect, it } from 'vitest';
import { texts } from './resources';

// Every message a person reads exists in zh, en and th.

type Tree = { [key: string]: string | Tree };

/** key path -> text, for every leaf. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object') for (const [p, t] of leaves(v, path)) out.set(p, t);
    else out.set(path, v);
  }
  return out;
}

const languages = { zh: leaves(texts.zh), en: leaves(texts.en), th: leaves(texts.th) };
const allKeys = [...new Set(Object.values(languages).flatMap((m) => [...m.keys()]))].sort();
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** The keys each language lacks (or holds as an empty or non-text value). */
export function missingTexts(sets: Record<string, Map<string, unknown>>): string[] {
  const keys = [...new Set(Object.values(sets).flatMap((m) => [...m.keys()]))].sort();
  const out: string[] = [];
  for (const key of keys) {
    for (const [lang, texts] of Object.entries(sets)) {
      const v = texts.get(key);
      if (typeof v !== 'string' || v.trim() === '') out.push(`${lang}: ${key}`);
    }
  }
  return out;
}

describe('interface texts', () => {
  it('has every key in zh, en and th, none empty', () => {
    expect(allKeys.length).toBeGreaterThan(200);
    expect(missingTexts(languages)).toEqual([]);
  });

  it('would notice a key one language lacks', () => {
    const withGap = { zh: new Map([['a.b', '甲']]), en: new Map([['a.b', 'A']]), th: new Map<string, unknown>() };
    expect(missingTexts(withGap)).toEqual(['th: a.b']);
    expect(missingTexts({ zh: new Map([['x', '乙']]), en: new Map([['x', ' ']]), th: new Map([['x', 'ข']]) })).toEqual(['en: x']);
  });

  it('uses the same {{placeholders}} in every language', () => {
    const differing = allKeys.filter((key) => {
      const [a, b, c] = [languages.zh, languages.en, languages.th].map((m) => placeholders(m.get(key)).join());
      return a !== b || a !== c;
    });
    expect(differing).toEqual([]);
  });

  it('translates every key the code asks for', () => {
    const sources = import.meta.glob('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    const asked = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      if (/\.test\.tsx?$|__fixtures__/.test(file)) continue;
      for (const m of text.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) asked.add(m[1]);
    }
    expect(asked.size).toBeGreaterThan(100);
    expect([...asked].filter((key) => !languages.zh.has(key))).toEqual([]);
  });

});

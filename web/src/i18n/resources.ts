import zh from './zh';
import en from './en';
import th from './th';

// The interface texts of each language: the app's own (zh.ts, en.ts, th.ts)
// and those of the areas (areas/<name>.ts, each exporting { zh, en, th }),
// an area's under its file name: areas/budget.ts's texts are t('budget.…').

type Tree = { [key: string]: string | Tree };
export type AreaTexts = { zh: Tree; en: Tree; th: Tree };

const areas = import.meta.glob('./areas/*.ts', { import: 'default', eager: true }) as Record<string, AreaTexts>;

function withAreas(base: Tree, lang: keyof AreaTexts): Tree {
  const out: Tree = { ...base };
  for (const [file, texts] of Object.entries(areas)) {
    const name = file.replace(/^.*\/(.+)\.ts$/, '$1');
    if (name in out) throw new Error(`i18n area ${name} would replace the app's own texts of that name`);
    out[name] = texts[lang];
  }
  return out;
}

export const texts = { zh: withAreas(zh as Tree, 'zh'), en: withAreas(en as Tree, 'en'), th: withAreas(th as Tree, 'th') };

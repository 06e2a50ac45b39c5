// Fails when the built web app (web/dist) holds a text that promises a page or a button
// that is not there (issue 15 item 6: no placeholders): run after `npm run build`
// (`npm run check:bundle`, part of `make test`). With --src it scans web/src instead (the
// same texts, for a check without a build).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The texts no page may show: each says a page or button is not there. */
export const forbidden = ['not available yet', '暂未开放', '尚未提供', '未在系统中注册', 'notYet', 'placeholder.message', 'PlaceholderPage'];

const root = fileURLToPath(new URL('..', import.meta.url));

function files(dir, exts) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p, exts));
    else if (exts.some((e) => p.endsWith(e))) out.push(p);
  }
  return out;
}

/** The forbidden texts found in the files of dir, as "file: text" lines. */
export function scan(dir, exts, skip = () => false) {
  const found = [];
  for (const f of files(dir, exts)) {
    if (skip(f)) continue;
    const text = readFileSync(f, 'utf8');
    for (const word of forbidden) if (text.includes(word)) found.push(`${relative(root, f)}: ${word}`);
  }
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const src = process.argv.includes('--src');
  let found;
  try {
    found = src
      ? scan(join(root, 'src'), ['.ts', '.tsx'], (f) => /\.test\.tsx?$/.test(f))
      : scan(join(root, 'dist'), ['.js', '.html', '.css']);
  } catch (err) {
    console.error(`scan-bundle: ${err.message}${src ? '' : ' (build the app first: npm run build)'}`);
    process.exit(2);
  }
  if (found.length > 0) {
    console.error(`scan-bundle: texts that promise what is not there:\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`scan-bundle: ${src ? 'web/src' : 'web/dist'} holds none of: ${forbidden.join(', ')}`);
}

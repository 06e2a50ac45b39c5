// The web's API types, generated from the OpenAPI document the server commits
// (docs/openapi.json) by openapi-typescript into src/api/schema.d.ts.
//
//   node scripts/api-types.mjs           (npm run gen:api)   writes src/api/schema.d.ts
//   node scripts/api-types.mjs --check   (npm run check:api) fails when it is not what
//                                                            docs/openapi.json generates
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(web, '..', 'docs', 'openapi.json');
const committed = join(web, 'src', 'api', 'schema.d.ts');
const cli = join(web, 'node_modules', '.bin', 'openapi-typescript');

function generate(output) {
  execFileSync(cli, [source, '--output', output], { cwd: web, stdio: ['ignore', 'ignore', 'inherit'] });
}

if (!process.argv.includes('--check')) {
  generate(committed);
  console.log(`wrote ${relative(web, committed)} from ${relative(web, source)}`);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'formwork-api-'));
  try {
    const fresh = join(dir, 'schema.d.ts');
    generate(fresh);
    let held = '';
    try {
      held = readFileSync(committed, 'utf8');
    } catch {
      // missing: reported below as stale
    }
    if (held !== readFileSync(fresh, 'utf8')) {
      console.error(
        `${relative(web, committed)} is not what ${relative(web, source)} generates: run \`npm run gen:api\` in web/ and commit it` +
          ' (docs/openapi.json itself: go test ./server -run TestOpenAPIDrift -update-openapi).',
      );
      process.exit(1);
    }
    console.log(`${relative(web, committed)} is up to date with ${relative(web, source)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

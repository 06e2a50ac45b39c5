// ajv.mjs: the browser's side of the differential test (differential_test.go).
//
//   node tools/differential/ajv.mjs CASES.json
//
// CASES.json is a list of {name, where, schema, document, engineValid,
// engineFindings}. Each document is validated against its exported JSON Schema
// with @rjsf/validator-ajv8 as the web's form does (web/src/form/validator.ts:
// customizeValidator with Ajv2020; ajv-formats, added by rjsf, checks "date").
// It prints a JSON report: {cases, disagreements: [...], notes: [...], drift},
// a disagreement being a case whose ajv verdict differs from the engine's,
// drift saying how validator.ts's options differ from the ones used here.
// Exit 0 when the report is written, whatever it says; 2 on a usage error.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, '..', '..', 'web');
// resolve the packages the way web/src does: from web/node_modules
const requireFromWeb = createRequire(join(web, 'package.json'));
// (require.resolve finds the CommonJS builds: their exports are the default)
const load = async (name) => {
  const mod = await import(pathToFileURL(requireFromWeb.resolve(name)).href);
  return mod.default ?? mod;
};

const { customizeValidator } = await load('@rjsf/validator-ajv8');
const ajv2020 = await load('ajv/dist/2020');
const Ajv2020 = ajv2020.default ?? ajv2020;

// The options of web/src/form/validator.ts. rjsf adds the rest of its ajv
// configuration (createAjvInstance: allErrors, multipleOfPrecision 8, so
// that 0.07 is a multiple of 0.01; ajv-formats for "date").
const webOptions = { AjvClass: Ajv2020 };
const webOptionsSource = '{ AjvClass: Ajv2020 }';

// validator.ts must still say what webOptions says: otherwise this test
// checks another validator than the web's.
function drift() {
  const src = readFileSync(join(web, 'src', 'form', 'validator.ts'), 'utf8');
  const m = src.match(/customizeValidator\(([\s\S]*?)\);/);
  const squash = (t) => t.replace(/\s+/g, '');
  if (!m) return 'web/src/form/validator.ts no longer calls customizeValidator(...)';
  if (squash(m[1]) !== squash(webOptionsSource)) {
    return `web/src/form/validator.ts calls customizeValidator(${m[1].trim()}); tools/differential/ajv.mjs uses ${webOptionsSource}: make them the same`;
  }
  return undefined;
}

if (process.argv.length !== 3) {
  console.error('usage: node tools/differential/ajv.mjs CASES.json');
  process.exit(2);
}
const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));

// One validator per distinct schema. rjsf's AJV8Validator caches a compiled
// schema under its $id and reuses it for any later schema with the same $id
// (rawValidation: ajv.getSchema($id)); exports of one type for different
// sub-types or actions share their $id and differ (required fields), so a
// shared validator would judge a case by another case's schema.
function validatorsFor(options) {
  const cache = new Map();
  return (schema) => {
    const key = JSON.stringify(schema);
    let v = cache.get(key);
    if (!v) {
      v = customizeValidator(options);
      cache.set(key, v);
    }
    return v;
  };
}

function verdict(validatorOf, c) {
  const { errors } = validatorOf(c.schema).validateFormData(c.document, c.schema);
  return {
    valid: errors.length === 0,
    errors: errors.map((e) => `${e.property || '.'} ${e.name} ${e.message ?? ''}`.trim()),
  };
}

const validatorOf = validatorsFor(webOptions);
const disagreements = [];
const notes = [];
const ids = new Map();
for (const c of cases) {
  const got = verdict(validatorOf, c);
  if (got.valid !== c.engineValid) {
    disagreements.push({
      name: c.name, where: c.where, engineValid: c.engineValid, ajvValid: got.valid,
      engineFindings: c.engineFindings ?? [], ajvErrors: got.errors,
    });
  }
  const id = c.schema.$id;
  if (!ids.has(id)) ids.set(id, new Set());
  ids.get(id).add(JSON.stringify(c.schema));
}
const shared = [...ids.entries()].filter(([, s]) => s.size > 1).map(([id, s]) => `${id} (${s.size})`);
if (shared.length > 0) {
  notes.push(`schemas that differ but share their $id (rjsf's validateFormData reuses the first it compiled for an $id): ${shared.join(', ')}`);
}
process.stdout.write(JSON.stringify({ cases: cases.length, disagreements, notes, drift: drift() }));

// ajv.mjs: the browser's side of the differential test (differential_test.go).
//
//   node tools/differential/ajv.mjs CASES.json
//
// CASES.json is a list of {name, where, schema, document, engineValid,
// engineFindings}. Each document is validated against its exported JSON Schema
// with @cfworker/json-schema as the web's form does (web/src/form/validator.ts),
// draft 2020-12.
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

const { Validator } = await load('@cfworker/json-schema');

// web/src/form/validator.ts validates with @cfworker/json-schema (an
// interpreter: the server's Content-Security-Policy allows no eval, so no
// validator that compiles schemas into code runs in the page), draft
// 2020-12, every error (shortCircuit false). This test must use the same.
const webValidatorSource = "new Validator(schema as Schema, '2020-12', true)";

// validator.ts must still validate as this test does: otherwise this test
// checks another validator than the web's.
function drift() {
  const src = readFileSync(join(web, 'src', 'form', 'validator.ts'), 'utf8');
  if (!src.includes("from '@cfworker/json-schema'")) {
    return 'web/src/form/validator.ts no longer validates with @cfworker/json-schema: make tools/differential/ajv.mjs use what it uses';
  }
  if (!src.includes(webValidatorSource)) {
    return `web/src/form/validator.ts no longer builds its validator as ${webValidatorSource}: make tools/differential/ajv.mjs do as it does`;
  }
  return undefined;
}

if (process.argv.length !== 3) {
  console.error('usage: node tools/differential/ajv.mjs CASES.json');
  process.exit(2);
}
const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));

// One validator per distinct schema (a compiled validator keeps its schema).
const validators = new Map();
function verdict(c) {
  const key = JSON.stringify(c.schema);
  let v = validators.get(key);
  if (!v) {
    v = new Validator(c.schema, '2020-12', false);
    validators.set(key, v);
  }
  const { valid, errors } = v.validate(c.document);
  return {
    valid,
    errors: errors.filter((e) => !['properties', 'items', 'allOf', 'anyOf', 'oneOf', '$ref'].includes(e.keyword))
      .map((e) => `${e.instanceLocation} ${e.keyword} ${e.error}`),
  };
}

const disagreements = [];
const notes = [];
for (const c of cases) {
  const got = verdict(c);
  if (got.valid !== c.engineValid) {
    disagreements.push({
      name: c.name, where: c.where, engineValid: c.engineValid, ajvValid: got.valid,
      engineFindings: c.engineFindings ?? [], ajvErrors: got.errors,
    });
  }
}
process.stdout.write(JSON.stringify({ cases: cases.length, disagreements, notes, drift: drift() }));

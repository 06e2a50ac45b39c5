// Browser test of master data against a real formwork server (issue 11): admin opens the
// travel standards of the configuration centre from the menu, adds a standard in the
// generic edit dialog and finds it again with the list's search; employee01 starts an
// EX02 and picks a department and a vendor by typing part of their names. Prints the
// picker's search time (type-ahead to options shown) for vendors and employees. Fails
// on any console error or warning. Run by e2e/run.mjs (npm run e2e, or `node e2e/run.mjs masterdata`).
import { assert, loginThroughApi, loginThroughPage, openPage, scenario, STEP_TIMEOUT } from './harness.mjs';
import { getData } from './pages.mjs';

const TRAVEL_STANDARDS_MENU = '/cfg/maintainTravelStandards';

/** A few characters out of the middle of a name: what a person remembers of it. */
function partOf(name) {
  const chars = [...name];
  if (chars.length <= 2) return name;
  const start = Math.floor((chars.length - 2) / 2);
  return chars.slice(start, start + 2).join('');
}

/**
 * Types text into a ref picker and clicks the option of key; returns the milliseconds
 * from the last keystroke to the option being shown.
 */
async function pick(page, inputSelector, text, key) {
  const input = page.locator(inputSelector);
  await input.click();
  await input.fill('');
  const started = Date.now();
  await input.pressSequentially(text, { delay: 30 });
  const typed = Date.now();
  const option = page.locator(`[role="listbox"] [role="option"][data-option="${key}"]`);
  await option.waitFor({ timeout: STEP_TIMEOUT });
  const shown = Date.now();
  const label = (await option.innerText()).trim();
  await option.click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  return { ms: shown - typed, typingMs: typed - started, label };
}

/** The value the dialog's form takes for a field: the first option of an enumeration or a reference, else a made-up one. */
function sampleFor(name, schema, ui, unique) {
  const widget = ui?.['ui:widget'];
  if (widget === 'ref') return { kind: 'ref', type: ui['ui:options']?.ref };
  if (Array.isArray(schema.oneOf)) return { kind: 'select', title: schema.oneOf[0].title ?? String(schema.oneOf[0].const) };
  if (widget === 'date' || schema.format === 'date') return { kind: 'text', value: '2025-01-01' };
  if (schema.type === 'number' || schema.type === 'integer' || widget === 'money') return { kind: 'text', value: '500' };
  if (schema.type === 'boolean') return { kind: 'skip' };
  return { kind: 'text', value: `E2E${name}${unique}`.slice(0, schema.maxLength ?? 40) };
}

/**
 * Key values for a new record that no stored record has: the combinations of the key
 * fields' options (enumerations and references), the first one free; a text key gets
 * a made-up value.
 */
async function freeKey(serverUrl, token, type, form, unique) {
  const choices = [];
  for (const k of type.keys) {
    const schema = form.schema.properties[k] ?? {};
    const ui = form.uiSchema[k] ?? {};
    if (ui['ui:widget'] === 'ref') {
      const ref = ui['ui:options'].ref;
      const page = await getData(serverUrl, token, `/api/formwork/masterdata/${ref}/records?active=true&pageSize=20`);
      choices.push(page.rows.map((r) => ({ kind: 'ref', type: ref, value: r.key, text: r.key })));
    } else if (Array.isArray(schema.oneOf)) {
      choices.push(schema.oneOf.map((o) => ({ kind: 'select', title: o.title ?? String(o.const), value: o.const })));
    } else {
      choices.push([{ kind: 'text', value: `E2E${unique}`.slice(0, schema.maxLength ?? 40) }]);
    }
  }
  const stored = await getData(serverUrl, token, `/api/formwork/masterdata/${type.code}/records?pageSize=500`);
  const taken = new Set(stored.rows.map((r) => type.keys.map((k) => String(r.body[k])).join('\u0000')));
  const combos = choices.reduce((acc, list) => acc.flatMap((c) => list.map((x) => [...c, x])), [[]]);
  const free = combos.find((c) => !taken.has(c.map((x) => String(x.value)).join('\u0000')));
  assert(free, `every combination of the key fields ${type.keys.join(', ')} of ${type.code} is taken`);
  return Object.fromEntries(type.keys.map((k, i) => [k, free[i]]));
}

/** Fills one body field of the record dialog. */
async function fillField(page, name, sample) {
  const id = `root_${name}`;
  if (sample.kind === 'text') {
    await page.locator(`#${id}`).fill(sample.value);
    await page.locator(`#${id}`).blur();
  } else if (sample.kind === 'select') {
    await page.locator(`#mui-component-select-${id}, [id="${id}"][role="combobox"]`).first().click();
    // The select may offer an empty choice first: the option is found by its title.
    await page.locator('[role="listbox"] [role="option"]', { hasText: sample.title }).first().click();
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
  } else if (sample.kind === 'ref') {
    await pick(page, `#${id}`, sample.text ?? '', sample.value);
  }
}

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('masterdata', () => page);
  const step = s.step.bind(s);
  const unique = String(Date.now()).slice(-6);
  let admin;
  let employee;
  let adminToken;
  let travel;
  let form;
  let added;

  await step('the server lists master-data types with the travel standards at their menu', async () => {
    adminToken = (await loginThroughApi(serverUrl, 'admin', 'demo123')).token;
    const types = await getData(serverUrl, adminToken, '/api/formwork/masterdata');
    travel = types.find((t) => t.menu === TRAVEL_STANDARDS_MENU);
    assert(travel, `no type has menu ${TRAVEL_STANDARDS_MENU}; types: ${types.map((t) => `${t.code}=${t.menu}`).join(', ')}`);
    assert(travel.canWrite, `admin may not change ${travel.code}`);
    for (const code of ['department', 'vendor']) assert(types.some((t) => t.code === code), `no master-data type ${code}`);
    form = await getData(serverUrl, adminToken, `/api/formwork/masterdata/${travel.code}/form`);
  });

  await step('admin opens the travel standards from the configuration centre menu', async () => {
    admin = await openPage(browser, 'admin');
    page = admin.page;
    await loginThroughPage(page, baseUrl, 'admin', 'demo123');
    const group = page.locator('[data-menu-group="cfg"]');
    const head = group.locator('[aria-expanded]').first();
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    await group.locator('[data-menu="maintainTravelStandards"]').click();
    await page.locator(`[data-page="md-list"][data-md-type="${travel.code}"] [data-md-table][data-loaded="true"]`).waitFor();
  });

  await step('admin adds a travel standard in the edit dialog', async () => {
    await page.locator('[data-action="md-new"]').click();
    await page.locator('[data-dialog="md-record"]').waitFor();
    const key = await freeKey(serverUrl, adminToken, travel, form, unique);
    const required = new Set([...(form.schema.required ?? []), travel.display]);
    for (const [name, schema] of Object.entries(form.schema.properties)) {
      const ui = form.uiSchema[name] ?? {};
      if (schema.readOnly || ui['ui:readonly'] || ui['ui:widget'] === 'hidden') continue;
      if (!required.has(name) && !(name in key)) continue;
      const sample = key[name] ?? sampleFor(name, schema, ui, unique);
      if (sample.kind === 'ref' && !sample.value) {
        const first = (await getData(serverUrl, adminToken, `/api/formwork/masterdata/${sample.type}/records?active=true&pageSize=1`)).rows[0];
        assert(first, `no ${sample.type} record to pick for ${name}`);
        Object.assign(sample, { value: first.key, text: first.key });
      }
      await fillField(page, name, sample);
    }
    if (travel.dated) {
      await page.locator('#md-record-validFrom').fill('2025-01-01');
      await page.locator('#md-record-validTo').fill('2099-12-31');
    }
    const saved = page.waitForResponse((r) => r.url().includes(`/api/formwork/masterdata/${travel.code}/records`) && r.request().method() === 'POST');
    await page.locator('[data-action="save-record"]').click();
    const res = await saved;
    const body = await res.json();
    assert(res.status() === 201 || res.status() === 200, `create: ${res.status()} ${body.message} ${JSON.stringify(body.data)}`);
    await page.locator('[data-dialog="md-record"]').waitFor({ state: 'detached' });
    added = body.data;
    console.log(`     added ${travel.code} ${added.key} (${added.display})`);
  });

  await step('admin finds the new standard with the search box', async () => {
    const searchFor = added.display || added.key;
    const searched = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/${travel.code}/records`) && new URL(r.url()).searchParams.get('q') === searchFor);
    await page.locator('#md-search').fill(searchFor);
    await searched;
    const row = page.locator(`[data-md-table][data-loaded="true"] tbody tr[data-row="${added.key}"]`);
    await row.waitFor();
    assert((await row.innerText()).includes(added.display), `the row of ${added.key} does not show ${added.display}`);
  });

  await step('admin page logged no console errors or warnings', async () => admin?.assertNoConsoleProblems(), { always: true });

  await step('employee01 picks a department in a new EX02 and a vendor in a new AB by typing part of their names', async () => {
    const token = (await loginThroughApi(serverUrl, 'employee01', 'demo123')).token;
    const department = (await getData(serverUrl, token, '/api/formwork/masterdata/department/records?active=true&pageSize=5')).rows.at(-1);
    const vendor = (await getData(serverUrl, token, '/api/formwork/masterdata/vendor/records?active=true&pageSize=5')).rows.at(-1);
    assert(department && vendor, 'no department or vendor to pick');
    employee = await openPage(browser, 'employee01');
    page = employee.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.goto(`${baseUrl}/form?docType=EX02&action=new`);
    await page.locator('#root_head_department[data-ref="department"]').waitFor();
    const d = await pick(page, '#root_head_department', partOf(department.display), department.key);
    assert(d.label === `${department.key} ${department.display}`, `department option reads ${JSON.stringify(d.label)}`);
    assert((await page.locator('#root_head_department').inputValue()) === department.key, 'the department box holds the code');
    await page.locator(`[data-ref-name="${department.key}"]`).waitFor();
    // An employee claim's payee is the employee (paymentList.vendor holds an employee id, not a
    // vendor code); the vendor is picked on a purchase payable (AB), whose head names the vendor.
    await page.goto(`${baseUrl}/form?docType=AB&action=new`);
    await page.locator('#root_head_vendor[data-ref="vendor"]').waitFor();
    const v = await pick(page, '#root_head_vendor', partOf(vendor.display), vendor.key);
    assert(v.label === `${vendor.key} ${vendor.display}`, `vendor option reads ${JSON.stringify(v.label)}`);
    assert((await page.locator('#root_head_vendor').inputValue()) === vendor.key, 'the vendor box holds the code');
    console.log(`     picked ${department.key} by "${partOf(department.display)}" (${d.ms} ms), ${vendor.key} by "${partOf(vendor.display)}" (${v.ms} ms)`);
  });

  await step('the server answers the picker\'s search on vendors and employees', async () => {
    const token = (await loginThroughApi(serverUrl, 'employee01', 'demo123')).token;
    for (const type of ['vendor', 'employee']) {
      const all = await getData(serverUrl, token, `/api/formwork/masterdata/${type}/records?active=true&pageSize=1`);
      const target = (await getData(serverUrl, token, `/api/formwork/masterdata/${type}/records?active=true&pageSize=1&page=${Math.max(1, Math.floor(all.total / 2))}`)).rows[0];
      if (!target) continue;
      // The server alone: the records call the picker makes.
      const started = Date.now();
      await getData(serverUrl, token, `/api/formwork/masterdata/${type}/records?q=${encodeURIComponent(partOf(target.display))}&active=true&pageSize=20`);
      console.log(`     ${type}: ${all.total} records; search "${partOf(target.display)}" answered in ${Date.now() - started} ms by the server`);
    }
  });

  await step('employee page logged no console errors or warnings', async () => employee?.assertNoConsoleProblems(), { always: true });
  await admin?.context.close().catch(() => undefined);
  await employee?.context.close().catch(() => undefined);
}

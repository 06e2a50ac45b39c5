// Browser test of the generic form page against a real formwork server: logs in as
// employee01, then walks one EX02 document through new -> save -> reload -> refused
// save -> stale save (its head amount is derived from the charge line it is given), switches the language, and opens an unknown docType. Fails on
// any console error or warning of the page. Run by e2e/run.mjs (npm run e2e).
import { assert, assertEqual, loginThroughPage, openPage, pickFirstRef, scenario, STEP_TIMEOUT } from './harness.mjs';
import { addPaymentLine, assertHeadAmountReadOnly, typeAmount, waitForShown } from './lines.mjs';

let page;
let baseUrl;

async function gotoForm(query) {
  await page.goto(`${baseUrl}/form?${query}`);
  await page.locator('[data-form-title]').waitFor({ timeout: STEP_TIMEOUT });
  await page.locator('#root_head_description').waitFor({ timeout: STEP_TIMEOUT });
}

/** Picks an option of an MUI select found by the id of its combobox or of its field. */
async function chooseOption(comboboxSelector, pick) {
  await page.locator(comboboxSelector).click();
  const listbox = page.locator('[role="listbox"]');
  await listbox.waitFor({ timeout: STEP_TIMEOUT });
  const options = listbox.locator('[role="option"]');
  const count = await options.count();
  const texts = [];
  for (let i = 0; i < count; i++) {
    texts.push({
      index: i,
      text: (await options.nth(i).innerText()).trim(),
      value: (await options.nth(i).getAttribute('data-option')) ?? (await options.nth(i).getAttribute('data-value')) ?? '',
    });
  }
  const chosen = pick(texts);
  assert(chosen, `no option to pick in ${comboboxSelector} among ${JSON.stringify(texts)}`);
  await options.nth(chosen.index).click();
  await listbox.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
  return chosen;
}

/** Opens a sidebar entry (its group first) and waits for the worklist it shows. */
async function openWorklist(group, code, list) {
  const g = page.locator(`[data-menu-group="${group}"]`);
  const head = g.locator('[aria-expanded]').first();
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  await g.locator(`[data-menu="${code}"]`).click();
  await page.locator(`[data-page="worklist"][data-list="${list}"] [data-worklist-table][data-loaded="true"]`).waitFor();
}

/**
 * Runs action and returns the API requests the page sent meanwhile and until it
 * settled ("METHOD /path"): what one form action costs.
 */
async function apiRequestsOf(action) {
  const seen = [];
  const onRequest = (r) => {
    const url = new URL(r.url());
    // The names shown beside master-data codes in read mode (GET .../masterdata/<type>/names)
    // are display lookups, cached per code, not part of the form action: not counted.
    if (/^\/api\/formwork\/masterdata\/[^/]+\/names$/.test(url.pathname)) return;
    if (url.pathname.startsWith('/api/')) seen.push(`${r.method()} ${url.pathname}`);
  };
  page.on('request', onRequest);
  try {
    await action();
    await settle();
  } finally {
    page.off('request', onRequest);
  }
  return seen;
}

/** Opens the stored document businessId from the list on screen; returns the API requests that cost. */
function requestsToOpen(businessId) {
  return apiRequestsOf(async () => {
    await page.locator(`[data-open="${businessId}"]`).click();
    await page.locator(`[data-form-ready="true"] [data-business-id="${businessId}"]`).waitFor();
  });
}

/** Waits until the debounced evaluate call has run and the form settled. */
async function settle() {
  await page.waitForTimeout(600);
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT }).catch(() => undefined);
}

/** A plausible value for a field of the exported schema. */
function sampleValue(name, schema, ui) {
  const widget = ui?.['ui:widget'];
  if (widget === 'ref') return { kind: 'ref' };
  if (widget === 'money' || (schema.type === 'number' && schema.multipleOf === 0.01)) return { kind: 'text', value: '1234.5' };
  if (widget === 'date' || schema.format === 'date') return { kind: 'text', value: '2024-01-05' };
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.enum)) return { kind: 'select' };
  if (schema.type === 'number' || schema.type === 'integer') return { kind: 'text', value: '1' };
  return { kind: 'text', value: `E2E ${name}` };
}

async function fillField(id, schema, ui, name) {
  const sample = sampleValue(name, schema, ui);
  if (sample.kind === 'select') {
    const combo = `#mui-component-select-${id}`;
    const found = (await page.locator(combo).count()) > 0 ? combo : `[id="${id}"] [role="combobox"], [aria-labelledby~="${id}-label"]`;
    await chooseOption(found, (opts) => opts.find((o) => o.text !== ''));
    return;
  }
  if (sample.kind === 'ref') {
    await pickFirstRef(page, `#${id}`);
    return;
  }
  const input = page.locator(`#${id}`);
  await input.fill(sample.value);
  await input.blur();
}

// ---------------------------------------------------------------- scenario
let exportEx02;
let savedUrl;
const description = `E2E 出差报销 ${Date.now()}`;

/** The form scenario on its own browser context. */
export async function run({ browser, baseUrl: base, serverUrl }) {
  baseUrl = base;
  const s = scenario('form', () => page);
  const step = s.step.bind(s);
  let probe;

  await step('browser page opens', async () => {
    probe = await openPage(browser);
    page = probe.page;
  });

  await step('employee01 logs in', async () => {
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
  });

  await step('new EX02 form opens', async () => {
    const exportAnswer = page.waitForResponse((r) => r.url().includes('/docTypes/EX02/form'));
    await gotoForm('docType=EX02&action=new');
    const body = await (await exportAnswer).json();
    exportEx02 = body.data;
    assert(exportEx02?.schema?.properties?.head, 'export has a head');
    const title = await page.locator('[data-form-title]').innerText();
    assertEqual(title.trim(), '员工报销', 'title');
  });

  await step('sub-type chosen refetches the form', async () => {
    const refetch = page.waitForResponse((r) => r.url().includes('/docTypes/EX02/form') && r.url().includes('subType='));
    // 通讯费 (A04) needs no detail tables of its own; any other category but A05/A07 (which
    // waive the amount rule) if the catalogue has no A04.
    const bt1 = await chooseOption(
      '#businessType1',
      (opts) => opts.find((o) => o.value === 'A04') ?? opts.find((o) => o.value && !['A05', 'A07'].includes(o.value)),
    );
    console.log(`     businessType1 = ${bt1.value} ${bt1.text}`);
    const answer = await refetch;
    assertEqual(answer.status(), 200, 'export status');
    exportEx02 = (await answer.json()).data;
    if (await page.locator('#businessType2').isEnabled()) {
      const refetch2 = page.waitForResponse((r) => r.url().includes('/docTypes/EX02/form') && r.url().includes('.'));
      const bt2 = await chooseOption('#businessType2', (opts) => opts.find((o) => o.text !== ''));
      console.log(`     businessType2 = ${bt2.value} ${bt2.text}`);
      exportEx02 = (await (await refetch2).json()).data;
    }
    await settle();
  });

  await step('head fields filled', async () => {
    await page.locator('#root_head_description').fill(description);
    // The amount is the charge lines' total: read-only here, filled in by the engine.
    await assertHeadAmountReadOnly(page);
    const head = exportEx02.schema.properties.head;
    const headUi = exportEx02.uiSchema.head ?? {};
    // The reimburser and the company are left blank: the server fills them from the session.
    const skip = new Set(['description', 'amount', 'businessType1', 'businessType2', 'docType', 'applicant', 'companyCode']);
    for (const name of head.required ?? []) {
      if (skip.has(name)) continue;
      const ui = headUi[name] ?? {};
      if (ui['ui:widget'] === 'hidden' || ui['ui:readonly'] || head.properties[name]?.readOnly) continue;
      const id = `root_head_${name}`;
      if ((await page.locator(`[id="${id}"]`).count()) === 0) continue;
      const current = await page.locator(`[id="${id}"]`).first().inputValue().catch(() => '');
      if (current) continue;
      await fillField(id, head.properties[name], ui, name);
    }
    await settle();
  });

  await step('a charge line is added and filled', async () => {
    const table = page.locator('[data-table="lineList"]');
    await table.locator('[data-action="add-row"]').click();
    await page.locator('[data-table="lineList"] tr[data-row="0"]').waitFor();
    const items = exportEx02.schema.properties.lineList.items;
    const itemsUi = exportEx02.uiSchema.lineList?.items ?? {};
    const wanted = new Set([...(items.required ?? []), 'expDate']);
    for (const name of wanted) {
      const prop = items.properties[name];
      const ui = itemsUi[name] ?? {};
      if (!prop || prop.readOnly || ui['ui:widget'] === 'hidden' || ui['ui:readonly']) continue;
      const id = `root_lineList_0_${name}`;
      if ((await page.locator(`[id="${id}"]`).count()) === 0) continue;
      await fillField(id, prop, ui, name);
    }
    await settle();
    // The line's amount (sampleValue: 1234.5) shows formatted, and so does the head
    // total the evaluate call derives from it.
    assertEqual(await page.locator('#root_lineList_0_amount').inputValue(), '1,234.50', 'line amount shown formatted');
    await waitForShown(page, 'root_head_amount', '1,234.50', 'head amount derived from the line, formatted');
  });

  await step('a payment line pays the claim (its rest amount comes to 0)', async () => {
    await addPaymentLine(page, '1234.5');
    await settle();
    await waitForShown(page, 'root_head_restAmount', '0.00', 'rest amount');
  });

  await step('save creates the document with exactly 1 API request', async () => {
    const answer = page.waitForResponse((r) => r.url().includes('/head/create'));
    const requests = await apiRequestsOf(async () => {
      await page.locator('[data-button="save"]').click();
      await answer;
      await page.locator('[data-notice="saved"]').waitFor();
    });
    const res = await answer;
    const body = await res.json();
    assertEqual(res.status(), 200, `create status (${body.message} ${JSON.stringify(body.data?.errors ?? '')})`);
    // The answer names the export on screen (its etag): nothing is asked after it.
    assertEqual(requests.join(', '), 'POST /api/galaxyform/yx/ap/head/create', 'requests of the create');
    assert((await page.locator('[data-notice="saved"]').innerText()).includes('保存成功'), 'success notice says 保存成功');
    await page.waitForURL(/businessId=[^&]+/);
    const url = new URL(page.url());
    assertEqual(url.searchParams.get('action'), 'edit', 'action after save');
    assertEqual(url.searchParams.get('businessId'), body.data.head.businessId, 'businessId in URL');
    savedUrl = page.url();
  });

  await step('the updates after the create are one request each (the edit export came while the form was filled in)', async () => {
    for (const text of [`${description} (updated)`, description]) {
      // The notice of the save before goes first: this save's is the one waited for.
      await page.locator('[data-notice="saved"]').waitFor({ state: 'detached' });
      await page.locator('#root_head_description').fill(text);
      await settle();
      const requests = await apiRequestsOf(async () => {
        await page.locator('[data-button="save"]').click();
        await page.locator('[data-notice="saved"]').waitFor();
      });
      assertEqual(requests.join(', '), 'PUT /api/galaxyform/yx/ap/head/update', `requests of the update to "${text}"`);
    }
    assertEqual(page.url(), savedUrl, 'the address stays');
  });

  await step('reloaded document shows the saved values', async () => {
    await page.reload();
    await page.locator('[data-form-title]').waitFor();
    await page.locator('#root_head_description').waitFor();
    await page.waitForFunction(() => document.querySelector('#root_head_amount')?.value === '1,234.50', null, {
      timeout: STEP_TIMEOUT,
    });
    assertEqual(await page.locator('#root_head_description').inputValue(), description, 'description');
    assertEqual(await page.locator('[data-table="lineList"] tr[data-row]').count(), 1, 'charge lines');
    assertEqual(page.url(), savedUrl, 'URL after reload');
    await settle();
  });

  await step('opening the stored EX02 from the draft box takes at most 2 API requests: its load and its export', async () => {
    const businessId = new URL(savedUrl).searchParams.get('businessId');
    await openWorklist('MY', 'MY00001', 'draft');
    // A fresh page: nothing held but what the shell asks for itself (user, menu, registry list);
    // the exports local storage keeps from earlier pages are forgotten first.
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage)) if (k.startsWith('formwork.export')) localStorage.removeItem(k);
    });
    await page.reload();
    await page.locator(`[data-open="${businessId}"]`).waitFor();
    await settle();
    const requests = await requestsToOpen(businessId);
    console.log(`     ${requests.join(', ')}`);
    assert(requests.length <= 2, `at most 2 requests to open it, got ${requests.length}: ${requests.join(', ')}`);
    assertEqual(requests.filter((r) => r === 'GET /api/galaxyform/yx/ap/head/load').length, 1, 'one load');
    assertEqual(requests.join(', '), 'GET /api/galaxyform/yx/ap/head/load, GET /api/formwork/registry/docTypes/EX02/form', 'the load, then the export it names');
    assertEqual(await page.locator('#root_head_description').inputValue(), description, 'description');
    assertEqual(await page.locator('[data-document-status]').getAttribute('data-document-status'), 'draft', 'state from the load');
  });

  await step('opening it again needs the load only: the export is held by its etag', async () => {
    const businessId = new URL(savedUrl).searchParams.get('businessId');
    await page.goBack();
    await page.locator(`[data-open="${businessId}"]`).waitFor();
    const requests = await requestsToOpen(businessId);
    assertEqual(requests.join(', '), 'GET /api/galaxyform/yx/ap/head/load', 'requests to open it again');
  });

  await step('in a new page too: the export its load names is kept in local storage', async () => {
    const businessId = new URL(savedUrl).searchParams.get('businessId');
    await page.goBack();
    await page.reload();
    await page.locator(`[data-open="${businessId}"]`).waitFor();
    await settle();
    const requests = await requestsToOpen(businessId);
    assertEqual(requests.join(', '), 'GET /api/galaxyform/yx/ap/head/load', 'requests to open it in a new page');
    assertEqual(await page.locator('#root_head_description').inputValue(), description, 'description');
  });

  await step('saving the stored EX02 takes exactly 1 API request, and the history comes only when asked', async () => {
    await page.locator('#root_head_description').fill(`${description} (saved once)`);
    await settle(); // the evaluate call of typing is not the save's
    const requests = await apiRequestsOf(async () => {
      await page.locator('[data-button="save"]').click();
      await page.locator('[data-notice="saved"]').waitFor();
    });
    assertEqual(requests.join(', '), 'PUT /api/galaxyform/yx/ap/head/update', 'requests of one save');
    assertEqual(await page.locator('[data-toolbar] [data-button="submit"]').count(), 1, 'the answer names the actions: submit');
    const history = await apiRequestsOf(async () => {
      await page.locator('[data-action="history"]').click();
      await page.locator('[data-history] tr[data-event="create"]').waitFor();
    });
    assertEqual(history.join(', '), 'GET /api/galaxyform/process/history', 'the history on request');
    await page.locator('[data-action="history"]').click();
    await page.locator('#root_head_description').fill(description);
    await page.locator('[data-button="save"]').click();
    await page.locator('[data-notice="saved"]').waitFor();
    await settle();
  });

  await step('refused save shows the server message at the field and the 提示 notice', async () => {
    probe.expectFailure(422, '/head/update');
    // A zero charge line: refused at its amount cell (the head total, 0, is not judged
    // while a line is wrong: the line is what to fix).
    await typeAmount(page, 'root_lineList_0_amount', '0');
    await settle();
    const answer = page.waitForResponse((r) => r.url().includes('/head/update'));
    await page.locator('[data-button="save"]').click();
    const res = await answer;
    const body = await res.json();
    assertEqual(res.status(), 422, 'update status');
    const finding = body.data.errors.find((e) => e.path === 'lineList[0].amount');
    assert(finding, `a finding at lineList[0].amount among ${JSON.stringify(body.data.errors)}`);
    assert(!body.data.errors.some((e) => e.path.startsWith('head.')), `no finding at the head totals: ${JSON.stringify(body.data.errors)}`);
    const notice = page.locator('[data-notice="prompt"]');
    await notice.waitFor();
    const noticeText = await notice.innerText();
    assert(noticeText.includes('提示'), `notice titled 提示: ${noticeText}`);
    assert(noticeText.includes(body.message), `notice holds the server message "${body.message}": ${noticeText}`);
    const colour = await notice.locator('[data-notice-message]').evaluate((el) => getComputedStyle(el).color);
    assert(/rgb\((2\d\d|1[5-9]\d), \d{1,2}, \d{1,2}\)/.test(colour), `message in red, got ${colour}`);
    const fieldError = page.locator('[data-table="lineList"] tr[data-row="0"] [data-cell="amount"] [id^="root_lineList_0_amount__error"]').first();
    await fieldError.waitFor();
    assert((await fieldError.innerText()).includes(finding.message), `the line's amount cell shows "${finding.message}"`);
  });

  await step('a stale version is refused and the document reloaded', async () => {
    probe.expectFailure(409, '/head/update');
    const businessId = new URL(page.url()).searchParams.get('businessId');
    const api = `${serverUrl}/api/galaxyform/yx/ap/head`;
    // The same person changes it from elsewhere, with the session of the page.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    assert(token, 'the page keeps its session token under localStorage "token"');
    const stored = (await (await fetch(`${api}/load?businessId=${businessId}`, { headers: { 'X-token': token } })).json()).data;
    stored.head.description = `${description} (changed elsewhere)`;
    const other = await fetch(`${api}/update?action=edit`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-token': token },
      body: JSON.stringify(stored),
    });
    assertEqual(other.status, 200, 'concurrent update status');
    const newVersion = (await other.json()).data.head.version;
    await typeAmount(page, 'root_lineList_0_amount', '1234.5');
    await settle();
    const answer = page.waitForResponse((r) => r.url().includes('/head/update'));
    await page.locator('[data-button="save"]').click();
    assertEqual((await answer).status(), 409, 'stale update status');
    const dialog = page.locator('[data-dialog="conflict"]');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '重新加载' }).click();
    await page.waitForFunction(
      (text) => document.querySelector('#root_head_description')?.value === text,
      `${description} (changed elsewhere)`,
      { timeout: STEP_TIMEOUT },
    );
    await page.getByText(`版本: ${newVersion}`, { exact: true }).waitFor();
  });

  await step('English switch translates the page', async () => {
    await page.locator('[data-lang="en"]').click();
    await page.waitForFunction(() => document.querySelector('[data-form-title]')?.textContent?.trim() === 'Employee claim', null, {
      timeout: STEP_TIMEOUT,
    });
    assertEqual(await page.locator('[data-button="save"]').innerText(), 'SAVE', 'save button label');
    await page.locator('[data-lang="zh"]').click();
    await page.waitForFunction(() => document.querySelector('[data-form-title]')?.textContent?.trim() === '员工报销');
  });

  await step('unknown docType shows load form failed', async () => {
    probe.expectFailure(404, '/docTypes/NOPE/form');
    probe.expectFailure(400, '/docTypes/NOPE/form');
    await page.goto(`${baseUrl}/form?docType=NOPE&action=new`);
    await page.locator('[data-error="load-form"]').waitFor();
    assert((await page.locator('[data-error="load-form"]').innerText()).includes('加载表单失败'), 'load form failed text');
  });

  await step(
    'no console errors or warnings',
    async () => {
      assert(probe, 'no page ran');
      probe.assertNoConsoleProblems();
    },
    { always: true },
  );
  await probe?.context.close().catch(() => undefined);
}


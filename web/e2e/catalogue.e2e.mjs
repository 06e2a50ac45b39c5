// Browser test over the whole catalogue against a real formwork server: for every
// document type of GET /api/formwork/registry/docTypes, in both editions (the travel
// edition's types as company 2000, chosen in the top bar), the new form opens and
// renders; then the minimal valid document of rules/examples/<edition>/<CODE>.json is
// saved through the API with the page's session and opened in the form page, which must
// render it under its own edition and schema version with its values. finance01 works
// for both companies and may file for anyone in them. Any console error or warning
// fails it. One browser page for all, moved between documents by the app's own router
// (no page reloads), so the ~290 form openings stay within a couple of minutes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughPage, openPage, repoDir, scenario, STEP_TIMEOUT } from './harness.mjs';

/** Navigates inside the app (react-router follows popstate) without loading the page again. */
async function spaGo(page, url) {
  await page.evaluate((u) => {
    window.history.pushState(null, '', u);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Switches the company in the top bar and waits until the choice is kept. */
async function chooseCompany(page, company) {
  if ((await page.evaluate(() => localStorage.getItem('company'))) === company) return;
  await page.locator('#company-select').click();
  await page.locator(`[role="option"][data-value="${company}"]`).click();
  await page.waitForFunction((c) => localStorage.getItem('company') === c, company);
}

/**
 * Opens a form route and waits until it stands: the title, the export of the wanted
 * edition (and version) loaded, and the field states rendered: a new document's from
 * its first evaluate, a stored one's from its load (which carries them).
 */
async function openForm(page, url, { edition, businessId = '', version } = {}) {
  const stated = businessId ? '/head/load' : '/api/formwork/evaluate';
  const evaluated = page.waitForResponse((r) => r.url().includes(stated) && r.status() === 200, { timeout: STEP_TIMEOUT });
  await spaGo(page, url);
  const ready = businessId
    ? `[data-form-ready="true"][data-edition="${edition}"][data-schema-version="${version}"] [data-business-id="${businessId}"]`
    : `[data-form-ready="true"][data-edition="${edition}"] [data-business-id=""]`;
  await page.locator(ready).waitFor({ timeout: STEP_TIMEOUT });
  const answer = await evaluated;
  assertEqual(answer.status(), 200, `states of ${url}`);
  // Let React render what the answer changed.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * What the form shows for the scalar head fields of the document that have an input
 * (text, money, date, select, hidden), compared with the stored values; and the row
 * count of each line table. Returns the mismatches and how many values were compared.
 */
function compareShown({ doc, labels }) {
  const problems = [];
  let compared = 0;
  const same = (shown, value) => {
    if (typeof value === 'number') return shown.replace(/,/g, '') !== '' && Number(shown.replace(/,/g, '')) === value;
    if (typeof value === 'boolean') return shown === String(value);
    return shown === String(value);
  };
  for (const [name, value] of Object.entries(doc.head ?? {})) {
    if (value === null || typeof value === 'object' || value === '') continue;
    const el = document.getElementById(`root_head_${name}`);
    if (!el) continue;
    let shown;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') shown = String(el.checked);
    else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) shown = el.value;
    else if (el.getAttribute('role') === 'combobox') {
      // An MUI select shows the title of the stored enumeration value.
      shown = (el.textContent ?? '').replace(/\u200b/g, '').trim();
      const title = labels[name]?.[String(value)];
      compared++;
      if (title === undefined) problems.push(`head.${name}: stored ${JSON.stringify(value)} is none of its options`);
      else if (shown !== title) problems.push(`head.${name}: shows ${JSON.stringify(shown)}, stored ${JSON.stringify(value)} (${title})`);
      continue;
    } else continue;
    compared++;
    if (!same(shown, value)) problems.push(`head.${name}: shows ${JSON.stringify(shown)}, stored ${JSON.stringify(value)}`);
  }
  for (const [list, rows] of Object.entries(doc)) {
    if (!Array.isArray(rows)) continue;
    const table = document.querySelector(`[data-table="${list}"]`);
    if (!table) continue;
    compared++;
    const shownRows = table.querySelectorAll('tr[data-row]').length;
    const live = rows.filter((r) => r?.flag !== 'D').length;
    if (shownRows !== rows.length && shownRows !== live) problems.push(`${list}: ${shownRows} rows shown, ${rows.length} stored`);
  }
  return { problems, compared };
}

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  let probe;
  const s = scenario('catalogue', () => page);
  const step = s.step.bind(s);
  let token;
  let types = [];
  let editionCompany = {};
  // The family of each type in the edition of company 1000, where the stored documents are opened from.
  let familyFrom1000 = {};
  const saved = [];

  await step('finance01 logs in; the registry lists both editions', async () => {
    probe = await openPage(browser, 'catalogue');
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'finance01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    token = await page.evaluate(() => localStorage.getItem('token'));
    const get = async (path) => (await (await fetch(`${serverUrl}${path}`, { headers: { 'X-token': token } })).json()).data;
    types = await get('/api/formwork/registry/docTypes');
    const editions = await get('/api/formwork/registry/editions');
    for (const e of editions) editionCompany[e.key] = e.companies?.[0] ?? '1000';
    const edition1000 = (editions.find((e) => e.companies?.includes('1000')) ?? editions.find((e) => e.default))?.key;
    familyFrom1000 = Object.fromEntries(types.filter((t) => t.edition === edition1000).map((t) => [t.docType, t.family]));
    const byEdition = {};
    for (const t of types) byEdition[t.edition] = (byEdition[t.edition] ?? 0) + 1;
    console.log(`     ${types.length} document types: ${JSON.stringify(byEdition)}; companies ${JSON.stringify(editionCompany)}`);
    assert(types.length >= 100, `the whole catalogue: ${types.length}`);
    assert(Object.keys(byEdition).length >= 2, `both editions: ${Object.keys(byEdition)}`);
  });

  await step('every document type opens as a new form without console errors or warnings', async () => {
    const started = Date.now();
    for (const edition of Object.keys(editionCompany)) {
      await chooseCompany(page, editionCompany[edition]);
      for (const t of types.filter((x) => x.edition === edition)) {
        try {
          await openForm(page, `/form?docType=${t.docType}&action=new`, { edition });
          const title = (await page.locator('[data-form-title]').innerText()).trim();
          assertEqual(title, t.title.zh, 'title');
        } catch (err) {
          throw new Error(`${edition}/${t.docType} new: ${err.message}`);
        }
        probe.assertNoConsoleProblems();
      }
    }
    console.log(`     ${types.length} new forms in ${Date.now() - started} ms`);
  });

  await step('the example document of every type is saved through the API', async () => {
    const started = Date.now();
    const needAdvances = [];
    // Every example names the same demo invoice, and an invoice is claimed once: each
    // example's invoice lines get numbers of their own (of the same length).
    let invoices = 0;
    const ownInvoices = (doc) => {
      for (const row of doc.invoiceList ?? []) {
        if (typeof row.invoiceNo !== 'string' || !row.invoiceNo) continue;
        invoices += 1;
        const n = String(invoices);
        row.invoiceNo = row.invoiceNo.slice(0, row.invoiceNo.length - n.length) + n;
      }
      return doc;
    };
    const save = async (t) => {
      const doc = ownInvoices(JSON.parse(readFileSync(join(repoDir, 'rules/examples', t.edition, `${t.docType}.json`), 'utf8')));
      const company = doc.head?.companyCode || editionCompany[t.edition];
      const create = (d) =>
        fetch(`${serverUrl}/api/galaxyform/yx/${t.family}/head/create?action=new`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-token': token, 'X-company': company },
          body: JSON.stringify(d),
        }).then(async (res) => ({ status: res.status, body: await res.json() }));
      let { status, body } = await create(doc);
      // An example naming loans, pre-applications or withholdings names advances this
      // database does not hold (an advance exists once its document is approved): the
      // server refuses exactly those rows. Saved again without them where the type allows.
      const onlyAdvances = (b) => (b.data?.errors ?? []).length > 0 && b.data.errors.every((e) => e.rule.startsWith('advances.'));
      if (status === 422 && onlyAdvances(body)) {
        const without = { ...doc };
        for (const list of ['refAdvApplies', 'outStandList', 'withHoldRefs']) delete without[list];
        ({ status, body } = await create(without));
        // a type whose amount comes from those rows cannot go without them
        if (status === 422) {
          needAdvances.push(`${t.edition}/${t.docType}`);
          return;
        }
      }
      if (status !== 200) throw new Error(`${t.edition}/${t.docType}: ${status} ${body.message} ${JSON.stringify(body.data?.errors ?? '')}`);
      saved.push({ type: t, doc: body.data });
    };
    // A few at a time: the server checks each fully.
    const queue = [...types];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (queue.length) await save(queue.shift());
      }),
    );
    saved.sort((a, b) => a.type.edition.localeCompare(b.type.edition) || a.type.docType.localeCompare(b.type.docType));
    assertEqual(saved.length + needAdvances.length, types.length, 'documents saved, or refused only for the advances they must name');
    if (needAdvances.length) console.log(`     refused for their unknown advances only: ${needAdvances.join(', ')}`);
    console.log(`     ${saved.length} documents saved in ${Date.now() - started} ms`);
  });

  /** The titles of the head's enumerations in the export the page renders ({field: {const: title}}). */
  const enumTitles = async (t, head, edition) => {
    const subType = [head.businessType1, head.businessType2].filter(Boolean).join('.');
    const q = new URLSearchParams({ action: 'edit', edition, version: String(head.schemaVersion), lang: 'zh' });
    if (subType) q.set('subType', subType);
    const res = await fetch(`${serverUrl}/api/formwork/registry/docTypes/${t.docType}/form?${q}`, { headers: { 'X-token': token } });
    const props = (await res.json()).data?.schema?.properties?.head?.properties ?? {};
    const out = {};
    for (const [name, p] of Object.entries(props)) {
      if (Array.isArray(p.oneOf)) out[name] = Object.fromEntries(p.oneOf.map((o) => [String(o.const), o.title ?? String(o.const)]));
    }
    return out;
  };

  await step('every saved document opens in the form under its edition and version, showing its values', async () => {
    const started = Date.now();
    let compared = 0;
    for (const edition of Object.keys(editionCompany)) {
      // The document's own company decides its edition, whatever company is chosen: open them from company 1000.
      await chooseCompany(page, '1000');
      for (const { type: t, doc } of saved.filter((x) => x.type.edition === edition)) {
        const { businessId, schemaVersion } = doc.head;
        // A type filed under another family in company 1000's edition (EX02: ap there, ar in travel): the
        // page tries that family first, is refused (400), and loads under the other editions' family.
        const guessed = familyFrom1000[t.docType];
        if (guessed && guessed !== t.family) probe.expectFailure(400, `/yx/${guessed}/head/load?businessId=${businessId}`);
        try {
          const labels = await enumTitles(t, doc.head, edition);
          await openForm(page, `/form?docType=${t.docType}&businessId=${businessId}&action=edit`, { edition, businessId, version: schemaVersion });
          const shown = await page.evaluate(compareShown, { doc, labels });
          assert(shown.problems.length === 0, shown.problems.join('; '));
          assert(shown.compared > 0, 'no value of the document was found on the form');
          compared += shown.compared;
          await page.locator(`[data-document-status="draft"]`).waitFor();
        } catch (err) {
          throw new Error(`${edition}/${t.docType} ${businessId}: ${err.message}`);
        }
        probe.assertNoConsoleProblems();
      }
    }
    console.log(`     ${saved.length} stored documents in ${Date.now() - started} ms, ${compared} values compared`);
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

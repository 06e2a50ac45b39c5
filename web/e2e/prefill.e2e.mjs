// Browser test of the prefill of a new document (issue 11 item 4) against a real formwork
// server: employee01 opens a new EX02 and finds company, set of books, department, cost
// centre and applicant filled from their employee record (the codes read from the API,
// GET /api/formwork/masterdata/prefill, not from the seeds), each shown as "code name";
// the form asked for the prefill once; the saved document carries the codes. Fails on
// any console error or warning. Run by e2e/run.mjs (`node e2e/run.mjs prefill`).
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, scenario, STEP_TIMEOUT } from './harness.mjs';
import { getData } from './pages.mjs';
import { saveCommunicationClaim } from './lines.mjs';

/** The head fields the prefill fills in an EX02 and the answer's names for them (docs/api.md: company is head.companyCode). */
const FIELDS = [
  { field: 'companyCode', answer: 'company' },
  { field: 'sob', answer: 'sob' },
  { field: 'department', answer: 'department' },
  { field: 'costCenter', answer: 'costCenter' },
  { field: 'applicant', answer: 'applicant' },
];

export async function run({ browser, baseUrl, serverUrl }) {
  let probe;
  let page;
  const s = scenario('prefill', () => page);
  const step = s.step.bind(s);
  let token;
  let prefill;
  let stored;

  await step("employee01's prefill comes from their employee record", async () => {
    token = (await loginThroughApi(serverUrl, 'employee01', 'demo123')).token;
    prefill = await getData(serverUrl, token, '/api/formwork/masterdata/prefill?docType=EX02');
    for (const { answer } of FIELDS) assert(prefill[answer] && prefill[`${answer}Txt`], `the prefill names ${answer} with its name: ${JSON.stringify(prefill)}`);
    assertEqual(prefill.applicant, 'employee01', 'the applicant is the user');
  });

  await step('a new EX02 opens with company, set of books, department, cost centre and applicant filled, one prefill request', async () => {
    probe = await openPage(browser, 'employee01');
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    const prefillRequests = [];
    const onRequest = (r) => {
      if (new URL(r.url()).pathname === '/api/formwork/masterdata/prefill') prefillRequests.push(r.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${baseUrl}/form?docType=EX02&action=new`);
      await page.locator('[data-form-ready="true"] #root_head_description').waitFor({ timeout: STEP_TIMEOUT });
      // The form opens filled in: the values are there as soon as it shows, without waiting.
      for (const { field, answer } of FIELDS) {
        assertEqual(await page.locator(`#root_head_${field}`).inputValue(), prefill[answer], `head.${field}`);
      }
      await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT }).catch(() => undefined);
    } finally {
      page.off('request', onRequest);
    }
    assertEqual(prefillRequests.length, 1, `prefill requests (${prefillRequests.join(', ')})`);
  });

  await step('each prefilled code shows its name beside it', async () => {
    for (const { field, answer } of FIELDS) {
      const box = page.locator('.fw-box-frame', { has: page.locator(`#root_head_${field}`) });
      const name = box.locator(`[data-ref-name="${prefill[answer]}"]`);
      await name.waitFor({ timeout: STEP_TIMEOUT });
      assertEqual((await name.innerText()).trim(), prefill[`${answer}Txt`], `name beside head.${field} ${prefill[answer]}`);
    }
  });

  await step('the document is saved with the prefilled codes', async () => {
    const body = await saveCommunicationClaim(page, `E2E prefill ${Date.now()}`);
    await page.locator('[data-notice="saved"]').waitFor();
    stored = body.data.head;
    for (const { field, answer: name } of FIELDS) assertEqual(stored[field], prefill[name], `saved head.${field}`);
  });

  await step('the stored document, loaded again, carries them', async () => {
    const loaded = await getData(serverUrl, token, `/api/galaxyform/yx/ap/head/load?businessId=${encodeURIComponent(stored.businessId)}&action=edit`);
    for (const { field, answer } of FIELDS) assertEqual(loaded.head[field], prefill[answer], `stored head.${field}`);
    // The page (now in edit mode) shows what is stored, not a second prefill.
    await page.waitForURL(/businessId=/);
    await page.reload();
    await page.locator('[data-form-ready="true"] #root_head_description').waitFor({ timeout: STEP_TIMEOUT });
    for (const { field, answer } of FIELDS) assertEqual(await page.locator(`#root_head_${field}`).inputValue(), prefill[answer], `reloaded head.${field}`);
  });

  await step('page logged no console errors or warnings', async () => probe?.assertNoConsoleProblems(), { always: true });
  await probe?.context.close().catch(() => undefined);
}

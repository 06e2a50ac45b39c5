// Browser test of one invoice, one claim (issue 14 item 4) against a real formwork server.
// employee01 files an invoice supplement (EX02 A05) holding a 数电 invoice through the API;
// then, in the browser, a new invoice supplement with the same invoice number: the save is
// refused (422) and the finding naming the holding document shows at that invoice line's
// number cell. 我的发票 (MY00007) lists the uploaded invoice with the document holding it.
// Fails on any console error or warning. Run by e2e/run.mjs (`node e2e/run.mjs invoices`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario, STEP_TIMEOUT } from './harness.mjs';
import { addRow, pickRef, typeAmount } from './lines.mjs';
import { callApi } from './pages.mjs';

const travel = JSON.parse(readFileSync(join(repoDir, 'seeds/documents/EX02-travel.json'), 'utf8'));

/** The seeds' travel claim as an invoice supplement (A05, no itinerary) holding these invoice numbers. */
function supplement(numbers) {
  const { businessType2: _drop, ...head } = travel.head;
  const { itemList: _none, ...rest } = travel;
  return {
    ...rest,
    head: { ...head, businessType1: 'A05', description: `E2E 发票补录 ${Date.now()}` },
    invoiceList: numbers.map((invoiceNo) => ({ invoiceType: '电子发票', invoiceNo, amount: 100, taxAmount: 6 })),
  };
}

export async function run({ browser, baseUrl, serverUrl }) {
  const probes = [];
  let page;
  const s = scenario('invoices', () => page);
  const step = s.step.bind(s);
  const invoiceNo = `2444200000${String(Date.now()).slice(-10)}`;
  let holder = '';

  await step('employee01 uploads a 数电 invoice XML and claims the invoice on an invoice supplement (API)', async () => {
    const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><EInvoice><Header><EIid>${invoiceNo}</EIid></Header><BasicInformation><TotalAmWithoutTax>100.00</TotalAmWithoutTax><TotalTaxAm>6.00</TotalTaxAm><TotalTax-includedAmount>106.00</TotalTax-includedAmount><RequestTime>2026-11-24</RequestTime></BasicInformation></EInvoice>`;
    const up = await callApi(serverUrl, token, 'POST', '/ocr/createImagePathApi/createImagePath', {
      name: 'invoice.xml',
      contentType: 'application/xml',
      content: Buffer.from(xml).toString('base64'),
    });
    assertEqual(up.status, 200, `recognise (${up.body.message})`);
    assertEqual(up.body.data.invoices?.[0]?.invoiceNo, invoiceNo, 'recognised number');
    const res = await callApi(serverUrl, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', supplement([invoiceNo]));
    assertEqual(res.status, 200, `create (${res.body.message} ${JSON.stringify(res.body.data?.errors ?? '')})`);
    holder = res.body.data.head.businessId;
  });

  await step('the same invoice on a new invoice supplement is refused at its line, naming the holder', async () => {
    const probe = await openPage(browser, 'employee01');
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await page.goto(`${baseUrl}/form?docType=EX02&action=new`);
    await page.locator('[data-form-ready="true"] #root_head_description').waitFor({ timeout: STEP_TIMEOUT });
    const refetch = page.waitForResponse((r) => r.url().includes('/docTypes/EX02/form') && r.url().includes('subType=A05'));
    await page.locator('#businessType1').click();
    await page.locator('[role="listbox"] [role="option"][data-option="A05"]').click();
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    assertEqual((await refetch).status(), 200, 'form of EX02 A05');
    await page.locator('[data-form-ready="true"] #root_head_description').waitFor({ timeout: STEP_TIMEOUT });
    await page.locator('#root_head_description').fill(`E2E 重复发票 ${Date.now()}`);
    const index = await addRow(page, 'invoiceList');
    await pickRef(page, `root_invoiceList_${index}_invoiceType`, '电子发票');
    await page.locator(`[id="root_invoiceList_${index}_invoiceNo"]`).fill(invoiceNo);
    await typeAmount(page, `root_invoiceList_${index}_amount`, 100);
    probe.expectFailure(422, '/head/create');
    const saved = page.waitForResponse((r) => r.url().includes('/head/create') && r.request().method() === 'POST');
    await page.locator('[data-button="save"]').click();
    const res = await saved;
    const body = await res.json();
    assertEqual(res.status(), 422, `create status (${body.message})`);
    const finding = (body.data?.errors ?? []).find((e) => e.path === `invoiceList[${index}].invoiceNo`);
    assert(finding && finding.message.includes(holder), `a finding at invoiceList[${index}].invoiceNo naming ${holder}: ${JSON.stringify(body.data?.errors)}`);
    const atCell = page.locator(`[data-table="invoiceList"] tr[data-row="${index}"]`).filter({ hasText: holder });
    await atCell.first().waitFor({ timeout: STEP_TIMEOUT });
  });

  await step('我的发票 lists the invoice claimed on the holding document', async () => {
    // the entry's route as the server's menu gives it
    const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
    const tree = (await callApi(serverUrl, token, 'GET', '/api/galaxycommon/menu/tree')).body.data;
    const find = (nodes) => nodes.flatMap((n) => [n, ...find(n.children ?? [])]);
    const entry = find(tree).find((n) => n.menuCode === 'MY00007');
    assert(entry, 'employee01 has the menu entry MY00007');
    const query = new URLSearchParams(entry.query ?? {}).toString(); // as the sidebar's link (menuHref)
    await page.goto(`${baseUrl}${entry.permissionUrl}${query ? `?${query}` : ''}`);
    const held = page.locator(`[data-page="my-invoices"] [data-invoice="${invoiceNo}"] [data-column="heldBy"]`);
    await held.waitFor({ timeout: STEP_TIMEOUT });
    assertEqual((await held.textContent())?.trim(), holder, 'claimed on');
  });

  for (const [i, probe] of probes.entries()) {
    await step(`page ${i + 1} logged no console errors or warnings`, async () => probe.assertNoConsoleProblems(), { always: true });
  }
}

// Browser test of one invoice, one claim (issue 14 item 4) against a real formwork server.
// employee01 files an invoice supplement (EX02 A05) holding a 数电 invoice through the API;
// then, in the browser, a new invoice supplement with the same invoice number: the save is
// refused (422) and the finding naming the holding document shows at that invoice line's
// number cell. 我的发票 (MY00007) lists the uploaded invoice with the document holding it.
// Then the receipt (issue 14 done-when): employee01, on a new invoice supplement in the
// browser, uploads a PNG receipt carrying a fapiao QR code (tools/receiptpng, a number of
// this run), sees the invoice the upload recognised and the picture in the viewer, picks
// it from 我的发票 into an invoice line and saves; a second supplement with that invoice is
// refused at its line naming the first; finance01 opens the first, sees the invoice line
// and opens the picture.
// Fails on any console error or warning. Run by e2e/run.mjs (`node e2e/run.mjs invoices`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario, STEP_TIMEOUT } from './harness.mjs';
import { addRow, pickRef, typeAmount } from './lines.mjs';
import { callApi, waitForDocument } from './pages.mjs';

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

/** A photographed receipt (PNG) whose fapiao QR code carries a 数电 invoice of this number and total. */
function receiptPicture(invoiceNo, total) {
  const payload = `01,32,,${invoiceNo},${total},20261124,,7C1E,`;
  return execFileSync('go', ['run', './tools/receiptpng', payload], { cwd: repoDir, maxBuffer: 16 << 20 });
}

/** Opens a new invoice supplement (EX02 A05) with a description in page. */
async function newSupplement(page, baseUrl, description) {
  await page.goto(`${baseUrl}/form?docType=EX02&action=new`);
  await page.locator('[data-form-ready="true"] #root_head_description').waitFor({ timeout: STEP_TIMEOUT });
  const refetch = page.waitForResponse((r) => r.url().includes('/docTypes/EX02/form') && r.url().includes('subType=A05'));
  await page.locator('#businessType1').click();
  await page.locator('[role="listbox"] [role="option"][data-option="A05"]').click();
  await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
  assertEqual((await refetch).status(), 200, 'form of EX02 A05');
  await page.locator('[data-form-ready="true"] #root_head_description').waitFor({ timeout: STEP_TIMEOUT });
  await page.locator('#root_head_description').fill(description);
}

/** Types invoiceNo on a new electronic invoice line, saves, and checks the 422 finding at that line's number names holder. */
async function refusedAtLine(page, probe, invoiceNo, amount, holder) {
  const index = await addRow(page, 'invoiceList');
  await pickRef(page, `root_invoiceList_${index}_invoiceType`, '电子发票');
  await page.locator(`[id="root_invoiceList_${index}_invoiceNo"]`).fill(invoiceNo);
  await typeAmount(page, `root_invoiceList_${index}_amount`, amount);
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
    await newSupplement(page, baseUrl, `E2E 重复发票 ${Date.now()}`);
    await refusedAtLine(page, probe, invoiceNo, 100, holder);
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

  const receiptNo = `2444200001${String(Date.now()).slice(-10)}`;
  let claim = '';

  await step('employee01 uploads a receipt photo with a fapiao QR on a new invoice supplement and sees the invoice and the picture', async () => {
    const picture = receiptPicture(receiptNo, '212.00');
    await newSupplement(page, baseUrl, `E2E 发票照片 ${Date.now()}`);
    await page.locator('[data-button="imageUpload"]').click();
    const dialog = page.locator('[data-dialog="attachments"]');
    await dialog.waitFor();
    const uploaded = page.waitForResponse((r) => r.url().includes('/file/upload'));
    await dialog.locator('[data-upload-input]').setInputFiles({ name: 'fapiao-photo.png', mimeType: 'image/png', buffer: picture });
    const res = await uploaded;
    assertEqual(res.status(), 201, 'upload status');
    const found = (await res.json()).data.invoices ?? [];
    assertEqual(found.map((i) => `${i.source} ${i.invoiceNo} ${i.total}`).join(','), `qr ${receiptNo} 212`, 'recognised in the upload');
    const recognised = dialog.locator(`[data-recognised="${receiptNo}"]`);
    await recognised.waitFor();
    assert((await recognised.innerText()).includes('212.00'), `the recognised total shows: ${await recognised.innerText()}`);
    await dialog.locator('[data-viewer="image"] img[data-viewer-image]').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-viewer-image]')?.naturalWidth === 1200);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  await step('employee01 picks the recognised invoice from 我的发票 into an invoice line and saves', async () => {
    await page.locator('[data-action="pick-invoice"]').click();
    const row = page.locator(`[data-invoice-picker] tr[data-pick="${receiptNo}"]`);
    await row.waitFor({ timeout: STEP_TIMEOUT });
    await row.locator('button').click();
    await page.locator('[data-invoice-picker]').waitFor({ state: 'detached' });
    const line = page.locator('[data-table="invoiceList"] tr[data-row]').filter({ has: page.locator(`input[value="${receiptNo}"]`) });
    await line.first().waitFor({ timeout: STEP_TIMEOUT });
    const saved = page.waitForResponse((r) => r.url().includes('/head/create') && r.request().method() === 'POST');
    await page.locator('[data-button="save"]').click();
    const res = await saved;
    const body = await res.json();
    assertEqual(res.status(), 200, `create status (${body.message} ${JSON.stringify(body.data?.errors ?? '')})`);
    claim = body.data.head.businessId;
    const inv = (body.data.invoiceList ?? []).map((l) => `${l.invoiceNo} ${l.amount}`).join(',');
    assertEqual(inv, `${receiptNo} 212`, 'the saved invoice line');
    const { token } = await loginThroughApi(serverUrl, 'employee01', 'demo123');
    const held = await callApi(serverUrl, token, 'POST', '/api/galaxyform/commonForm/queryInvoicesByBusinessId', { businessId: claim });
    assertEqual((held.body.data ?? []).map((p) => p.invoiceNo).join(','), receiptNo, 'the claim holds the invoice');
    const files = await callApi(serverUrl, token, 'POST', '/api/galaxyform/doc/attachment/list', { businessId: claim });
    assertEqual(files.body.data.list.map((f) => f.name).join(','), 'fapiao-photo.png', 'the picture is linked to the claim');
  });

  await step('a second invoice supplement with the same invoice is refused at its line, naming the first', async () => {
    await newSupplement(page, baseUrl, `E2E 重复发票照片 ${Date.now()}`);
    await refusedAtLine(page, probes[0], receiptNo, 212, claim);
  });

  await step('finance01 opens the claim, sees the invoice line and opens the picture', async () => {
    const probe = await openPage(browser, 'finance01');
    probes.push(probe);
    page = probe.page;
    await loginThroughPage(page, baseUrl, 'finance01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await page.goto(`${baseUrl}/form?docType=EX02&businessId=${claim}&action=read`);
    await waitForDocument(page, claim);
    const table = page.locator('[data-table="invoiceList"]');
    await table.locator(`input[value="${receiptNo}"]`).or(table.getByText(receiptNo)).first().waitFor({ timeout: STEP_TIMEOUT });
    await page.locator('[data-button="imageView"]').click();
    const dialog = page.locator('[data-dialog="attachments"]');
    await dialog.waitFor();
    await dialog.locator('[data-file="fapiao-photo.png"]:not([aria-disabled="true"])').click();
    await dialog.locator('[data-viewer="image"] img[data-viewer-image]').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-viewer-image]')?.naturalWidth === 1200);
  });

  for (const [i, probe] of probes.entries()) {
    await step(`page ${i + 1} logged no console errors or warnings`, async () => probe.assertNoConsoleProblems(), { always: true });
  }
}

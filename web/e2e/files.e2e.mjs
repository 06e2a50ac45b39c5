// Browser test of receipts (issue 14 items 1, 2 and 7) against a real formwork server:
// employee01 opens an EX01 draft, uploads a receipt image with the image upload button
// (a PNG made here), sees it in the viewer (zoom and rotate), finds it linked to the
// document, sees a text file refused with the type named, and pages through a PDF
// receipt in the PDF viewer (pdfjs-dist). Run by e2e/run.mjs
// (npm run e2e files).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { assert, assertEqual, loginThroughApi, loginThroughPage, openPage, repoDir, scenario } from './harness.mjs';
import { callApi, waitForDocument } from './pages.mjs';

const example = JSON.parse(readFileSync(join(repoDir, 'rules/examples/form/EX01.json'), 'utf8'));

/** A w x h PNG of one colour (RGB). */
function png(w, h, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const x of buf) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export async function run({ browser, baseUrl, serverUrl }) {
  let page;
  const s = scenario('files', () => page);
  const step = s.step.bind(s);
  let id = '';
  let token = '';

  await step('employee01 has an EX01 draft', async () => {
    token = (await loginThroughApi(serverUrl, 'employee01', 'demo123')).token;
    const res = await callApi(serverUrl, token, 'POST', '/api/galaxyform/yx/ap/head/create?action=new', example);
    assertEqual(res.status, 200, `create (${res.body.message})`);
    id = res.body.data.head.businessId;
  });

  await step('the image upload button takes a receipt image, shows its progress and then the image in the viewer', async () => {
    const opened = await openPage(browser, 'employee01');
    page = opened.page;
    await loginThroughPage(page, baseUrl, 'employee01', 'demo123');
    await page.locator('[data-page="dashboard"]').waitFor();
    await page.goto(`${baseUrl}/form?docType=EX01&businessId=${id}&action=edit`);
    await waitForDocument(page, id);
    await page.locator('[data-button="imageUpload"]').click();
    const dialog = page.locator('[data-dialog="attachments"]');
    await dialog.waitFor();
    const uploaded = page.waitForResponse((r) => r.url().includes('/file/upload'));
    await dialog.locator('[data-upload-input]').setInputFiles({ name: 'taxi-receipt.png', mimeType: 'image/png', buffer: png(240, 120, [220, 40, 40]) });
    assertEqual((await uploaded).status(), 201, 'upload status');
    const img = dialog.locator('[data-viewer="image"] img[data-viewer-image]');
    await img.waitFor();
    await page.waitForFunction(() => document.querySelector('[data-viewer-image]')?.naturalWidth === 240);
    await dialog.locator('[data-viewer-tool="zoom-in"]').click();
    assertEqual(await dialog.locator('[data-viewer-zoom]').innerText(), '125%', 'zoom');
    await dialog.locator('[data-viewer-tool="rotate"]').click();
    assert((await img.getAttribute('style')).includes('rotate(90deg)'), 'rotated');
  });

  await step('the receipt is linked to the document, and a text file is refused naming its type', async () => {
    const list = await callApi(serverUrl, token, 'POST', '/api/galaxyform/doc/attachment/list', { businessId: id });
    assertEqual(list.status, 200, 'attachment list');
    assertEqual(list.body.data.list.map((f) => f.name).join(','), 'taxi-receipt.png', 'linked files');
    const dialog = page.locator('[data-dialog="attachments"]');
    await dialog.locator('[data-upload-input]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    const error = dialog.locator('[data-upload-error]');
    await error.waitFor();
    assert((await error.innerText()).includes('text/plain'), `the refusal names text/plain: ${await error.innerText()}`);
  });

  await step('a PDF receipt is drawn by the PDF viewer with its pages', async () => {
    const pdf =
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R 4 0 R]/Count 2>>endobj ' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj 4 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n';
    const dialog = page.locator('[data-dialog="attachments"]');
    await dialog.locator('[data-upload-input]').setInputFiles({ name: 'hotel.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await dialog.locator('[data-file="hotel.pdf"]:not([aria-disabled="true"])').click();
    await dialog.locator('[data-viewer="pdf"] [data-viewer-page]').filter({ hasText: '2' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-viewer-canvas]')?.width ?? 0) > 0);
    await dialog.locator('[data-viewer-tool="next"]').click();
    assert((await dialog.locator('[data-viewer-page]').innerText()).startsWith('第 2'), 'page 2 shown');
  });
}

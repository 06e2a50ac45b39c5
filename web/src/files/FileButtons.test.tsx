// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { $, click, expectQuiet, mount, ok, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import FileButtons from './FileButtons';

let m: Mounted | undefined;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.setItem('token', 'TOKEN');
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
  localStorage.clear();
});

const attachment = {
  fileId: 'f1',
  sha256: 'x',
  name: '出租车票.png',
  kind: 'png',
  contentType: 'image/png',
  size: 10,
  uploader: 'employee01',
  uploadedAt: '2026-11-24T00:00:00Z',
  line: 'lineList[0]',
  group: 'invoice',
  linkedBy: 'employee01',
  linkedAt: '2026-11-24T00:00:00Z',
};

const guide = {
  common: false,
  videoUrl: '',
  entries: [
    {
      code: 'EX02-A0101',
      docType: 'EX02',
      businessType1: 'A01',
      businessType2: 'A0101',
      status: '1',
      fileList: [
        { fileName: '发票', fileGroup: 'invoice', required: true },
        { fileName: '酒店水单', fileGroup: 'folio', required: false },
      ],
    },
  ],
};

function answer(call: Call) {
  if (call.path === '/api/galaxyform/doc/attachment/list') return ok({ list: [attachment], total: 1, pageNum: 1, pageSize: 100 });
  if (call.path.startsWith('/api/galaxyform/commonForm/getHelpDocs')) return ok(guide);
  return undefined;
}

describe('the image buttons (files/FileButtons)', () => {
  it('shows what the export offers and nothing else', async () => {
    m = await mount({ '*': <FileButtons buttons={['save', 'invoiceDetail']} businessId="" lines={1} /> }, '/form', answer);
    expect($('[data-file-buttons]')).toBeNull();
  });

  it('image view lists the document files by line, without an upload', async () => {
    m = await mount({ '*': <FileButtons buttons={['imageView']} businessId="EX0101" lines={2} /> }, '/form', answer);
    expect($('[data-button="imageUpload"]')).toBeNull();
    await click('[data-button="imageView"]');
    const item = await waitFor(() => $('[data-file="出租车票.png"]'));
    expect(item.textContent).toContain('第 1 行');
    expect($('[data-dropzone]')).toBeNull();
    expect(m.calls.some((c) => c.path === '/api/galaxyform/doc/attachment/list' && c.body?.businessId === 'EX0101')).toBe(true);
  });

  it('image upload offers the drop zone for several files', async () => {
    m = await mount({ '*': <FileButtons buttons={['imageUpload', 'imageView']} businessId="" lines={0} /> }, '/form', answer);
    await click('[data-button="imageUpload"]');
    await waitFor(() => $('[data-dropzone]'));
    expect($<HTMLInputElement>('[data-upload-input]')?.multiple).toBe(true);
  });

  it('image upload offers the guide file groups of the business type, the required ones marked', async () => {
    const subject = { docType: 'EX02', businessType1: 'A01', businessType2: 'A0101' };
    m = await mount({ '*': <FileButtons buttons={['imageUpload']} businessId="" lines={1} subject={subject} /> }, '/form', answer);
    await click('[data-button="imageUpload"]');
    await waitFor(() => $('[data-field="upload-group"]'));
    const asked = m.calls.find((c) => c.path.startsWith('/api/galaxyform/commonForm/getHelpDocs'));
    expect(asked?.url).toContain('docType=EX02');
    expect(asked?.url).toContain('businessType2=A0101');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { SessionProvider } from '../auth/session';
import { $, buttonByText, click, expectQuiet, mount, ok, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import InvoicePicker, { rowOfLine } from './InvoicePicker';

const user = { userId: 'employee01', username: 'employee01', empId: 'E00001', empName: '张三', compId: '1000' };
const free = {
  id: 7,
  uploader: 'employee01',
  fileId: 'f',
  invoiceKey: '3200192130-11223344',
  source: 'ocr',
  kind: '04',
  invoiceCode: '3200192130',
  invoiceNo: '11223344',
  issueDate: '2020-03-11',
  amount: '259.71',
  taxAmount: '0',
  total: '259.71',
  confirmed: false,
  heldBy: '',
  verifyStatus: '',
  certifyStatus: '',
  authStatus: '',
  verifyAttempts: 0,
  createdAt: '2026-11-24T00:00:00Z',
};
const line = { invoiceType: '增值税普通发票', invoiceCode: '3200192130', invoiceNo: '11223344', amount: '259.71', taxAmount: '0', verifyStatus: '1' };

let m: Mounted | undefined;
let picked: Record<string, unknown>[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.setItem('token', 'TOKEN');
  picked = [];
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
  localStorage.clear();
});

function answer(call: Call) {
  switch (call.path) {
    case '/api/galaxycommon/user/current':
      return ok(user);
    case '/ocr/pcPage/pcSelectTicketPage':
      return ok([free]);
    case '/ocr/setlink/barcodeLinkInvoice':
      return ok(line);
  }
  return undefined;
}

describe('picking an invoice from my invoices for an invoice line', () => {
  it('shows the recognised fields, an OCR proposal marked to confirm, and adds the line the server gives', async () => {
    m = await mount({ '*': <SessionProvider><InvoicePicker onPick={(r) => picked.push(r)} /></SessionProvider> }, '/form', answer);
    await click('[data-action="pick-invoice"]');
    const row = await waitFor(() => document.querySelector(`[data-pick="${free.invoiceNo}"]`) as HTMLElement | null);
    expect(row.textContent).toContain('3200192130 / 11223344');
    expect(row.textContent).toContain('259.71');
    expect(row.textContent).toContain('待确认');
    await click(buttonByText('核对无误，选用', row)!);
    await waitFor(() => picked.length === 1);
    expect(picked[0]).toEqual({ invoiceType: '增值税普通发票', invoiceCode: '3200192130', invoiceNo: '11223344', amount: 259.71, taxAmount: 0 });
    const link = m.calls.find((c) => c.path === '/ocr/setlink/barcodeLinkInvoice');
    expect(link?.body).toEqual({ operation: 'LINK', id: 7 });
    expect($('[data-invoice-picker]')).toBeFalsy();
  });

  it('leaves the server statuses out of the row', () => {
    expect(rowOfLine({ ...line, invoiceCode: undefined })).toEqual({ invoiceType: '增值税普通发票', invoiceNo: '11223344', amount: 259.71, taxAmount: 0 });
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { SessionProvider } from '../auth/session';
import { $, buttonByText, click, expectQuiet, mount, ok, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import MyInvoicesPage from './MyInvoicesPage';

const user = { userId: 'employee01', username: 'employee01', empId: 'E00001', empName: '张三', compId: '1000' };
const pooled = (id: number, invoiceNo: string, more: Record<string, unknown> = {}) => ({
  id,
  uploader: 'employee01',
  fileId: 'f',
  invoiceKey: invoiceNo,
  source: 'qr',
  kind: '32',
  invoiceNo,
  issueDate: '2024-03-15',
  amount: '0',
  taxAmount: '0',
  total: '1130',
  confirmed: true,
  heldBy: '',
  verifyStatus: '',
  certifyStatus: '',
  authStatus: '',
  verifyAttempts: 0,
  createdAt: '2026-11-24T00:00:00Z',
  ...more,
});
const claimed = pooled(1, '24442000000012345678', { heldBy: 'EX02202611240001', verifyStatus: '1' });
const proposal = pooled(2, '24442000000000000099', { source: 'ocr', confirmed: false, findings: ['read by OCR: check the number, date and amounts, then confirm'] });

let m: Mounted | undefined;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.clear();
  localStorage.setItem('token', 'TOKEN');
  localStorage.setItem('company', '1000');
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
    case '/api/formwork/invoices':
      return ok([proposal, claimed]);
    case `/api/formwork/invoices/${proposal.id}/verify`:
      return ok({ ...proposal, verifyStatus: '3' });
  }
  return undefined;
}

const show = () => mount({ '*': <SessionProvider><MyInvoicesPage title="我的发票" /></SessionProvider> }, '/ZX/MY00007', answer);

describe('my invoices (MY00007)', () => {
  it('shows each recognised invoice, where it is claimed, and OCR proposals to confirm', async () => {
    m = await show();
    const row = await waitFor(() => $(`[data-invoice="${claimed.invoiceNo}"]`));
    expect(row.querySelector('[data-column="total"]')?.textContent).toBe('1,130.00');
    expect(row.querySelector('[data-column="heldBy"]')?.textContent).toBe('EX02202611240001');
    expect(row.querySelector('[data-column="verifyStatus"]')?.textContent).toBe('一致');
    expect(buttonByText('移除', row)).toBeUndefined();
    const ocr = $(`[data-invoice="${proposal.invoiceNo}"]`)!;
    expect(ocr.textContent).toContain('待确认');
    expect(ocr.textContent).toContain('read by OCR');
    expect(ocr.querySelector('[data-column="heldBy"]')?.textContent).toBe('未报销');
  });

  it('verifies an invoice through the server', async () => {
    m = await show();
    const row = await waitFor(() => $(`[data-invoice="${proposal.invoiceNo}"]`));
    await click(buttonByText('查验', row)!);
    await waitFor(() => m!.calls.some((c) => c.method === 'POST' && c.path === `/api/formwork/invoices/${proposal.id}/verify`));
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { $, expectQuiet, mount, ok, refusal, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import MoneyOutPanel from './MoneyOutPanel';

const id = 'EX02202611240001';
const paymentLine = (over: Record<string, unknown>) => ({
  id: 1,
  businessId: id,
  item: 1,
  docType: 'EX02',
  applicant: 'employee01',
  companyCode: '1000',
  currency: 'CNY',
  payee: 'E00001',
  accountName: '张三',
  bank: '招商银行',
  cnaps: '',
  account: '6214********5678',
  paymentMethod: 'transfer',
  amount: '2458.50',
  status: 'pending',
  bankRef: '',
  bankMessage: '',
  version: 1,
  updatedBy: 'finance01',
  createdAt: '2026-11-24T08:00:00Z',
  updatedAt: '2026-11-24T08:00:00Z',
  ...over,
});
const posting = (over: Record<string, unknown>) => ({
  businessId: id,
  state: 'notPosted',
  sapStatus: '',
  sapBelnr: '',
  sapMsg: '',
  fiscalYear: '',
  postedAt: null,
  reversalBelnr: '',
  reversedAt: null,
  ...over,
});

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

const show = (line: Record<string, unknown>, post: Record<string, unknown> | null) =>
  mount(
    { '*': <MoneyOutPanel businessId={id} /> },
    '/form',
    (call: Call) => {
      if (call.path === '/api/galaxypayment/api/boe/get') return ok({ businessId: id, docStatus: 'approved', payable: true, paymentStatus: line.status, lines: [paymentLine(line)], events: [] });
      if (call.path === '/api/formwork/vouchers/posting') return post ? ok(posting(post)) : refusal(403, 'EFORBIDDEN', '您无权查看或修改单据');
      return undefined;
    },
  );

describe('the money-out panel', () => {
  it('shows a pending payment with the account as the server masked it, and the voucher not posted', async () => {
    m = await show({}, {});
    await waitFor(() => $(`[data-payment-line="${id}#1"] [data-payment-status="pending"]`));
    expect($('[data-column="account"]')!.textContent).toBe('6214********5678');
    const state = await waitFor(() => $('[data-posting-state="notPosted"]'));
    expect(state.textContent).toContain('财务尚未过账');
  });

  it('shows a paid line with the bank reference and the SAP number with its date', async () => {
    m = await show({ status: 'paid', bankRef: 'B20261124' }, { state: 'posted', sapStatus: 'S', sapBelnr: '5100000007', postedAt: '2026-11-24T09:30:00Z' });
    await waitFor(() => $('[data-payment-status="paid"]'));
    expect($('[data-column="bankRef"]')!.textContent).toBe('B20261124');
    const belnr = await waitFor(() => $('[data-posting-belnr]'));
    expect(belnr.getAttribute('data-posting-belnr')).toBe('5100000007');
    expect(belnr.textContent).toContain('5100000007');
    expect(belnr.textContent).toContain(new Date('2026-11-24T09:30:00Z').toLocaleDateString('zh'));
  });

  it("shows a failed payment's bank message and a failed posting's message", async () => {
    m = await show({ status: 'failed', bankMessage: '账户已冻结' }, { state: 'failed', sapStatus: 'E', sapMsg: 'posting period closed' });
    await waitFor(() => $('[data-payment-status="failed"]'));
    expect($('[data-column="bankMessage"]')!.textContent).toBe('账户已冻结');
    const msg = await waitFor(() => $('[data-posting-state="failed"] [data-posting-msg]'));
    expect(msg.textContent).toContain('posting period closed');
  });

  it('shows a reversal with its number', async () => {
    m = await show({ status: 'paid' }, { state: 'reversed', sapStatus: 'R', sapBelnr: '5100000007', reversalBelnr: '5100000008', reversedAt: '2026-11-25T09:30:00Z' });
    const state = await waitFor(() => $('[data-posting-state="reversed"]'));
    expect(state.textContent).toContain('5100000008');
  });

  it("shows the server's refusal", async () => {
    m = await show({}, null);
    await waitFor(() => ($('[data-money-out-panel]')!.textContent!.includes('您无权查看') ? true : null));
  });
});

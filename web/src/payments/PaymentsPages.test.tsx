// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { SessionProvider } from '../auth/session';
import { $, click, expectQuiet, mount, ok, typeInto, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import MyPaymentsPage from './MyPaymentsPage';
import FinancePaymentsPage from './FinancePaymentsPage';

const user = { userId: 'employee01', username: 'employee01', empId: 'E00001', empName: '张三', compId: '1000' };
const line = (status: string, account: string) => ({
  id: 1,
  businessId: 'EX02202611240001',
  item: 1,
  docType: 'EX02',
  applicant: 'employee01',
  companyCode: '1000',
  currency: 'CNY',
  payee: 'E00001',
  accountName: '张三',
  bank: '招商银行上海分行',
  cnaps: '',
  account,
  paymentMethod: '1',
  amount: 2458.5,
  status,
  bankRef: '',
  bankMessage: status === 'failed' ? '户名与账号不符' : '',
  version: 2,
  updatedBy: 'finance01',
  createdAt: '2026-11-24T00:00:00Z',
  updatedAt: '2026-11-24T00:00:00Z',
});

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

describe('payments pages', () => {
  it('我的付款 shows the lines as the server masks them, 付款状态 their history', async () => {
    const answer = (call: Call) => {
      if (call.path === '/api/galaxycommon/user/current') return ok(user);
      if (call.path === '/api/formwork/payments') return ok({ finance: false, lines: [line('failed', '6214********5678')] });
      if (call.path === '/api/galaxypayment/api/boe/get')
        return ok({ businessId: 'EX02202611240001', docStatus: 'approved', payable: true, paymentStatus: 'failed', lines: [line('failed', '6214********5678')],
          events: [{ lineId: 1, action: 'payable', status: 'pending', message: '', by: 'finance01', at: '2026-11-24T00:00:00Z' }, { lineId: 1, action: 'failed', status: 'failed', message: '户名与账号不符', by: 'finance01', at: '2026-11-24T01:00:00Z' }] });
      return undefined;
    };
    m = await mount({ '*': <SessionProvider><MyPaymentsPage title="付款状态" withState /></SessionProvider> }, '/main/paymentStateView', answer);
    const row = await waitFor(() => $('[data-payment-line="EX02202611240001#1"]'));
    expect(row.querySelector('[data-column="account"]')?.textContent).toBe('6214********5678');
    expect(row.textContent).toContain('付款失败');
    expect(m.calls.some((c) => c.path === '/api/formwork/payments' && c.url.includes('scope=mine'))).toBe(true);
    await click(row.querySelector('button')!);
    const events = await waitFor(() => (document.querySelectorAll('[data-payment-events] tbody tr').length === 2 ? document.querySelector('[data-payment-events]') : null));
    expect(events!.textContent).toContain('户名与账号不符');
  });

  it('the finance list offers the moves of each status and sends the one chosen', async () => {
    const answer = (call: Call) => {
      if (call.path === '/api/galaxycommon/user/current') return ok({ ...user, userId: 'finance01', username: 'finance01' });
      if (call.path === '/api/formwork/payments') return ok({ finance: true, lines: [line('pending', '6214830212345678')] });
      if (call.path === '/api/formwork/payments/paid') return ok(line('paid', '6214830212345678'));
      return undefined;
    };
    m = await mount({ '*': <SessionProvider><FinancePaymentsPage title="付款导入" /></SessionProvider> }, '/CW/CW00003', answer);
    const row = await waitFor(() => $('[data-payment-line="EX02202611240001#1"]'));
    expect([...row.querySelectorAll('[data-payment-action]')].map((b) => b.getAttribute('data-payment-action'))).toEqual(['paid', 'failed']);
    await click(row.querySelector<HTMLElement>('[data-payment-action="paid"]')!);
    const input = await waitFor(() => document.querySelector<HTMLInputElement>('#payment-bankRef'));
    await typeInto(input, 'B1');
    await click(document.querySelector<HTMLElement>('[data-payment-save]')!);
    const sent = await waitFor(() => m!.calls.find((c) => c.path === '/api/formwork/payments/paid'));
    const body: unknown = typeof sent!.body === 'string' ? JSON.parse(sent!.body) : sent!.body;
    expect(body).toEqual({ businessId: 'EX02202611240001', item: 1, version: 2, bankRef: 'B1' });
    await waitFor(() => !$('[data-payment-dialog]'));
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { SessionProvider } from '../auth/session';
import { $, click, expectQuiet, mount, ok, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import MyAdvancesPage from './MyAdvancesPage';

const user = { userId: 'employee01', username: 'employee01', empId: 'E00001', empName: '张三', compId: '1000' };
const loan = {
  businessId: 'EX04202611240001',
  docType: 'EX04',
  kind: 'loan',
  applicant: 'employee01',
  companyCode: '1000',
  currency: 'CNY',
  description: '广州展会差旅借款',
  amount: 5000,
  paidOut: 5000,
  writtenOff: 2000,
  returned: 0,
  repaid: 0,
  held: 1000,
  outstanding: 2000,
  status: 'open',
  createdAt: '2026-11-24T00:00:00Z',
  updatedAt: '2026-11-24T00:00:00Z',
};
// a prepayment kept per line (AA): two advances of one document
const prepayment = (item: string, amount: number) => ({ ...loan, businessId: 'AA202611240001', docType: 'AA', kind: 'prepayment', item, amount, paidOut: amount, writtenOff: 0, held: 0, outstanding: amount });
const move = (id: number, action: string, amount: number, doc: string) => ({
  id,
  businessId: loan.businessId,
  docBusinessId: doc,
  docType: doc.slice(0, 4),
  action,
  amount,
  by: 'employee01',
  at: '2026-11-24T08:00:00Z',
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

function answer(call: Call) {
  switch (call.path) {
    case '/api/galaxycommon/user/current':
      return ok(user);
    case '/api/formwork/advances':
      return ok(call.url.includes('status=closed') ? [] : [loan, prepayment('1', 3000), prepayment('2', 2000)]);
    case `/api/formwork/advances/${loan.businessId}/movements`:
      return ok({ advance: loan, movements: [move(1, 'create', 5000, loan.businessId), move(2, 'hold', 2000, 'EX02202611240002'), move(3, 'writeOff', 2000, 'EX02202611240002')] });
  }
  return undefined;
}

const show = () => mount({ '*': <SessionProvider><MyAdvancesPage title="我的借款/预付/预提" /></SessionProvider> }, '/MY/MY00010', answer);

describe('my advances (MY00010)', () => {
  it('shows each advance with the amounts the server keeps', async () => {
    m = await show();
    const row = await waitFor(() => $(`[data-advance="${loan.businessId}"]`));
    expect(row.querySelector('[data-column="outstanding"]')?.textContent).toBe('2,000.00');
    expect(row.querySelector('[data-column="held"]')?.textContent).toBe('1,000.00');
    expect(row.textContent).toContain('借款');
    expect(row.textContent).toContain('未结清');
  });

  it('shows each line of an advance kept per line', async () => {
    m = await show();
    const second = await waitFor(() => $('[data-advance="AA202611240001"][data-advance-item="2"]'));
    expect(second.textContent).toContain('第2行');
    expect(second.querySelector('[data-column="outstanding"]')?.textContent).toBe('2,000.00');
    expect(document.querySelectorAll('[data-advance="AA202611240001"]').length).toBe(2);
  });

  it('opens the movements of an advance', async () => {
    m = await show();
    const row = await waitFor(() => $(`[data-advance="${loan.businessId}"]`));
    await click(row.querySelector('button')!);
    const table = await waitFor(() => (document.querySelector(`[data-movements="${loan.businessId}"] tbody tr:nth-child(3)`) ? document.querySelector(`[data-movements="${loan.businessId}"]`) : null));
    expect(table!.textContent).toContain('核销');
    expect(table!.textContent).toContain('EX02202611240002');
    expect(m.calls.some((c) => c.path === `/api/formwork/advances/${loan.businessId}/movements`)).toBe(true);
  });
});

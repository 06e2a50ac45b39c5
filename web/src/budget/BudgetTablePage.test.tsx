// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { SessionProvider } from '../auth/session';
import { $, click, expectQuiet, mount, ok, refusal, typeInto, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import BudgetPage from './BudgetPage';

const user = { userId: 'admin', username: 'admin', empId: 'E00009', empName: '系统管理员', compId: '1000' };
const row = (id: number, department: string, extra: object = {}) => ({
  id,
  companyCode: '1000',
  department,
  budgetAccount: '660201',
  budgetAccountTxt: '差旅费-交通费',
  project: '',
  period: '2026-11',
  amount: 5000,
  occupied: 1380,
  consumed: 0,
  available: 3620,
  control: 'strong',
  updateBy: 'admin',
  updatedAt: '2026-11-24T00:00:00Z',
  pending: null,
  pendingKind: '',
  pendingBy: '',
  pendingReason: '',
  pendingAt: null,
  ...extra,
});
const totals = { count: 2, amount: 10000, occupied: 2760, consumed: 0, available: 7240 };

let m: Mounted | undefined;
let adjustAnswer: (call: Call) => ReturnType<typeof ok>;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.clear();
  localStorage.setItem('token', 'TOKEN');
  localStorage.setItem('company', '1000');
  adjustAnswer = (call) => ok(row(1, 'IT01', { amount: 5000 + call.body.delta }));
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
    case '/api/formwork/budget/budgets':
      return call.url.includes('pending=true')
        ? ok({ rows: [row(1, 'IT01', { pending: 7500, pendingKind: 'adjust', pendingBy: 'admin', pendingReason: '展会' }), row(2, 'SAL02', { pending: 6000, pendingKind: 'import', pendingBy: 'finance01' })], total: 2, totals })
        : ok({ rows: [row(1, 'IT01'), row(2, 'SAL02')], total: 2, totals });
    case '/api/formwork/budget/decide':
      return ok(row(2, 'SAL02', { amount: 6000 }));
    case '/api/formwork/budget/adjust':
      return adjustAnswer(call);
  }
  return undefined;
}

const show = (page: 'query' | 'confirmation' | 'adjust') =>
  mount({ '*': <SessionProvider><BudgetPage page={page} title="页面" /></SessionProvider> }, '/budget/x', answer);

describe('budget table pages', () => {
  it('the query shows the totals with the usage of the filter', async () => {
    m = await show('query');
    const foot = await waitFor(() => $('[data-budget-totals]'));
    expect(foot.querySelector('[data-total="amount"]')?.textContent).toBe('10,000.00');
    expect(foot.querySelector('[data-total="usage"]')?.textContent).toBe('27.6%');
    expect($('[data-budget-row="1000/IT01/660201/2026-11"] [data-col="usage"]')?.textContent).toBe('27.6%');
  });

  it('confirmation offers to confirm only what someone else asked for, and confirms it', async () => {
    m = await show('confirmation');
    const mine = await waitFor(() => $('[data-budget-row="1000/IT01/660201/2026-11"]'));
    expect(mine.querySelector('[data-row-action="confirm"]')).toBeNull();
    expect(mine.textContent).toContain('本人提交');
    await click($('[data-budget-row="1000/SAL02/660201/2026-11"] [data-row-action="confirm"]')!);
    const call = await waitFor(() => m!.calls.find((c) => c.path === '/api/formwork/budget/decide'));
    expect(call.body).toEqual({ id: 2, confirm: true, reason: '' });
  });

  it('an adjustment the server refuses marks the field it names and keeps the dialog open', async () => {
    adjustAnswer = () => refusal(422, 'ECHECK', '预算1000/IT01/660201/2026-11已占用1380.00、已消耗0.00：强控制下不能降至1000.00', {
      findings: [{ path: 'delta', code: 'ECHECK', message: '…' }],
    }) as ReturnType<typeof ok>;
    m = await show('adjust');
    await click(await waitFor(() => $('[data-budget-row="1000/IT01/660201/2026-11"] [data-row-action="adjust"]')));
    await typeInto('#budget-adjust-delta', '-4000');
    await typeInto('#budget-adjust-reason', '削减');
    await waitFor(() => $('[data-dialog="budget-adjust"]')?.textContent?.includes('1,000.00'));
    await click('[data-action="budget-adjust-submit"]');
    await waitFor(() => $('[data-error="budget-adjust"]'));
    const call = m!.calls.find((c) => c.path === '/api/formwork/budget/adjust');
    expect(call?.body).toEqual({ id: 1, delta: -4000, reason: '削减' });
    expect($('#budget-adjust-delta')?.getAttribute('aria-invalid')).toBe('true');
    expect($('[data-dialog="budget-adjust"]')).not.toBeNull();
  });
});

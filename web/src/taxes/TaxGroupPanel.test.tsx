// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { $, click, expectQuiet, mount, ok, refusal, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import TaxGroupPanel from './TaxGroupPanel';

const id = 'P08202611240001';
let m: Mounted | undefined;
let pushed: unknown[] = [];
let refuse = false;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.setItem('token', 'TOKEN');
  pushed = [];
  refuse = false;
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
  localStorage.clear();
});

const push = { id: 1, businessId: id, docType: 'P08', companyCode: '1000', orderSign: '03', amount: '5000.00', status: 'S', taxNo: 'TX00000001',
  message: 'accepted under order sign 03', attempt: 1, by: 'finance01', at: '2026-11-24T10:00:00Z' };

function answer(call: Call) {
  switch (call.path) {
    case '/api/formwork/tax/orderSigns':
      return ok({ signs: ['03', '07', '20'], default: '03', periodSigns: ['20'] });
    case '/api/formwork/tax/pushes':
      return ok(pushed.length > 0 && !refuse ? [push] : []);
    case '/api/formwork/tax/push':
      pushed.push(call.body);
      return refuse ? refusal(422, 'ECHECK', '税务系统推送失败：closed') : ok(push);
  }
  return undefined;
}

const show = (buttons: string[]) => mount({ '*': <TaxGroupPanel businessId={id} buttons={buttons} /> }, '/form', answer);

describe('the tax-group panel', () => {
  it('is not shown where the mode or the type offers no tax group', async () => {
    m = await show(['save', 'voucherPreview']);
    expect($('[data-tax-panel]')).toBeNull();
  });

  it("pushes under the server's default sign and shows the tax number and the push", async () => {
    m = await show(['taxGroup']);
    await click('[data-button="taxGroup"]');
    await waitFor(() => ($<HTMLInputElement>('[data-field="orderSign"]')?.value === '03' ? true : null));
    expect($('[data-field="year"]')).toBeNull();
    await click('[data-button="taxPush"]');
    const accepted = await waitFor(() => $('[data-tax-no]'));
    expect(accepted.getAttribute('data-tax-no')).toBe('TX00000001');
    expect(pushed).toEqual([{ businessId: id, orderSign: '03' }]);
    await waitFor(() => $('[data-tax-push="1"][data-status="S"]'));
  });

  it("shows the server's refusal", async () => {
    refuse = true;
    m = await show(['taxGroup']);
    await click('[data-button="taxGroup"]');
    await waitFor(() => ($<HTMLInputElement>('[data-field="orderSign"]')?.value === '03' ? true : null));
    await click('[data-button="taxPush"]');
    const refused = await waitFor(() => $('[data-tax-refused]'));
    expect(refused.textContent).toContain('closed');
  });
});

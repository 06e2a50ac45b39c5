// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { $, click, expectQuiet, mount, ok, refusal, typeInto, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import VoucherPanel from './VoucherPanel';

const id = 'EX02202611240001';
const line = (lineNo: number, over: Record<string, unknown>) => ({
  lineNo,
  bschl: '40',
  debitCredit: 'S',
  account: '660201',
  amount: '1380.00',
  localAmount: '1380.00',
  costCenter: '1000SAL02',
  profitCenter: '',
  internalOrder: '',
  supplier: '',
  customer: '',
  text: '交通费',
  balance: false,
  editFields: ['ACCOUNT', 'COSTCENTER'],
  ...over,
});
const head = (over: Record<string, unknown>) => ({
  businessId: id,
  docType: 'EX02',
  companyCode: '1000',
  currency: 'CNY',
  exchangeRate: '1',
  debitAmount: '1380.00',
  creditAmount: '1380.00',
  localDebitAmount: '1380.00',
  localCreditAmount: '1380.00',
  balanced: true,
  sapStatus: '',
  sapBelnr: '',
  sapMsg: '',
  attempts: 0,
  postedBy: '',
  postedAt: null,
  reversalBelnr: '',
  stored: false,
  editable: true,
  ...over,
});
const lines = [line(1, {}), line(2, { bschl: '31', debitCredit: 'H', account: '2241', supplier: 'E00001', editFields: ['TEXT'] })];

let m: Mounted | undefined;
let submitted: unknown;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.setItem('token', 'TOKEN');
  submitted = undefined;
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
  localStorage.clear();
});

function answer(call: Call) {
  switch (call.path) {
    case '/api/galaxyvoucher/queryVoucher/queryVcHeadById':
      return ok({ head: head({}), lines });
    case '/api/galaxyvoucher/queryVoucher/submitVoucher':
      submitted = call.body;
      if (call.body.lines[0]?.costCenter === 'NOPE') return refusal(400, 'EINVALID', 'costCenter "NOPE" is not in master data');
      return ok({ head: head({ sapStatus: 'S', sapBelnr: '5100000007', editable: false, stored: true }), lines: [line(1, { costCenter: call.body.lines[0]?.costCenter }), lines[1]] });
  }
  return undefined;
}

const show = (buttons: string[]) => mount({ '*': <VoucherPanel businessId={id} buttons={buttons} /> }, '/form', answer);

describe('the voucher panel', () => {
  it('is not shown without the voucher buttons', async () => {
    m = await show(['save']);
    expect($('[data-voucher-panel]')).toBeNull();
  });

  it('previews the voucher read only where only the preview is offered', async () => {
    m = await show(['voucherPreview']);
    await click('[data-button="voucherPreview"]');
    await waitFor(() => $('[data-voucher-line="2"]'));
    expect($('[data-edit="1.costCenter"]')).toBeNull();
    expect($('[data-button="submitVoucher"]')).toBeNull();
    expect($('[data-voucher-panel]')!.textContent).toContain('借贷平衡');
  });

  it('in action fssc edits an editable field, submits and shows the SAP number', async () => {
    m = await show(['voucherPreview', 'submitVoucher']);
    await click('[data-button="voucherPreview"]');
    await waitFor(() => $('[data-edit="1.costCenter"]'));
    expect($('[data-edit="2.account"]')).toBeNull();
    await typeInto('[data-edit="1.costCenter"]', '1000FIN01');
    await click('[data-button="submitVoucher"]');
    const posted = await waitFor(() => $('[data-sap-belnr]'));
    expect(posted.getAttribute('data-sap-belnr')).toBe('5100000007');
    expect(submitted).toEqual({ businessId: id, lines: [{ lineNo: 1, costCenter: '1000FIN01' }] });
    expect($('[data-voucher-line="1"] [data-cell="costCenter"]')!.textContent).toBe('1000FIN01');
    expect($('[data-button="submitVoucher"]')).toBeNull();
  });

  it('shows a refusal and keeps the edits', async () => {
    m = await show(['voucherPreview', 'submitVoucher']);
    await click('[data-button="voucherPreview"]');
    await waitFor(() => $('[data-edit="1.costCenter"]'));
    await typeInto('[data-edit="1.costCenter"]', 'NOPE');
    await click('[data-button="submitVoucher"]');
    await waitFor(() => ($('[data-voucher-panel]')!.textContent!.includes('not in master data') ? true : null));
    expect($<HTMLInputElement>('[data-edit="1.costCenter"]')!.value).toBe('NOPE');
  });
});

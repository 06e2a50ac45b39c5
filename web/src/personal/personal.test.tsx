// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { SessionProvider } from '../auth/session';
import { $, expectQuiet, mount, ok, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import ToConfirmPage from './ToConfirmPage';
import TripsPage, { tripsQuery } from './TripsPage';

const user = { userId: 'employee01', username: 'employee01', empId: 'E00001', empName: '张三', compId: '1000' };
const trip = {
  businessId: 'TB202611240001',
  docType: 'TB',
  docTypeTxt: '差旅报销',
  status: 'approved',
  statusTxt: '已审批',
  applicant: 'employee01',
  applicantTxt: '张三',
  companyCode: '1000',
  department: 'SAL02',
  section: 'tripDetailList',
  lineNo: 1,
  purpose: '',
  from: '上海',
  to: '北京',
  startDate: '2026-11-20',
  endDate: '2026-11-22',
  days: '3',
  transport: '2',
  transportTxt: '火车',
  amount: '1234.50',
};
const filed = {
  businessId: 'EX02202611240007',
  docType: 'EX02',
  docTypeTxt: '员工报销',
  status: 'draft',
  statusTxt: '草稿',
  createBy: 'manager01',
  createByTxt: '李四',
  applicant: 'employee01',
  description: '代填的交通费',
  amount: '88.00',
  createAt: '2026-11-24 09:00:00',
};

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
    case '/api/formwork/documents/trips':
      return ok({ trips: call.url.includes('transport=1') ? [] : [trip], documents: 1, truncated: false });
    case '/api/formwork/documents/to-confirm':
      return ok([filed]);
  }
  return undefined;
}

describe('trips', () => {
  it('asks for the trips of each view', () => {
    expect(tripsQuery('mine').toString()).toBe('mine=true');
    expect(tripsQuery('flight').toString()).toBe('transport=1');
    expect(tripsQuery('train').toString()).toBe('transport=2');
    expect(tripsQuery('settlement').toString()).toBe('section=tripDetailList');
    expect(tripsQuery('hotel').toString()).toBe('');
    expect(tripsQuery('preRequests').toString()).toBe('section=tripList&status=approved');
  });

  it('shows my trips without the travel agency note', async () => {
    m = await mount({ '*': <SessionProvider><TripsPage title="我的行程" view="mine" /></SessionProvider> }, '/main/myTravelTrip', answer);
    const row = await waitFor(() => $(`[data-trip="${trip.businessId}"]`));
    expect(row.textContent).toContain('上海 → 北京');
    expect(row.textContent).toContain('1,234.50');
    expect(row.textContent).toContain('火车');
    expect($('[data-trips-note]')).toBeNull();
    expect(m.calls.some((c) => c.url.includes('mine=true'))).toBe(true);
  });

  it('says where bookings come from on a travel-agency page, and shows an empty list on screen', async () => {
    m = await mount({ '*': <SessionProvider><TripsPage title="线上机票订单" view="flight" /></SessionProvider> }, '/YX17/YX1704', answer);
    const note = await waitFor(() => $('[data-trips-note]'));
    expect(note.textContent).toContain('差旅服务商的预订平台');
    expect(note.textContent).toContain('飞机');
    await waitFor(() => $('[data-md-empty]'));
    expect($('[data-md-empty]')!.textContent).toBe('没有行程');
  });
});

describe('awaiting my confirmation', () => {
  it('lists the documents someone else made for me, each opening for editing', async () => {
    m = await mount({ '*': <SessionProvider><ToConfirmPage title="待确认" /></SessionProvider> }, '/main/toConfirm', answer);
    const row = await waitFor(() => $(`[data-to-confirm="${filed.businessId}"]`));
    expect(row.textContent).toContain('李四');
    expect(row.textContent).toContain('88.00');
    expect(row.querySelector('a')?.getAttribute('href')).toBe(`/form?docType=EX02&businessId=${filed.businessId}&action=edit`);
  });
});

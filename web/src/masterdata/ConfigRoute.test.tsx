// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { SessionProvider } from '../auth/session';
import MenuRoutePage from '../pages/MenuRoutePage';
import NotFoundPage from '../pages/NotFoundPage';
import type { MenuPage } from '../menu/menu';
import { resolveEntry } from '../menu/pages';
import { $, buttonByText, click, expectQuiet, mount, ok, refusal, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import { answerNames, answerPicker, mdTypes, vendorForm } from '../__fixtures__/masterdata';
import { configPageOf, typesByArea } from './configPages';
import ConfigRoute from './ConfigRoute';

const stamp = '1732200000000';
const user = { userId: 'admin', username: 'admin', empId: 'E09999', empName: '管理员', compId: '1000' };
const item = (code: string, zh: string) => ({ menuCode: code, permissionUrl: `/cfg/${code}`, titles: { zh }, variant: 'current' });
const tree = [
  {
    menuCode: 'cfg',
    permissionUrl: '/cfg',
    titles: { zh: '配置中心' },
    variant: 'current',
    children: [
      item('proxyAuthCfg', '代理制单授权'),
      item('dataQuery', '主数据查询'),
      item('dataMaintain', '主数据维护'),
      item('maintainTravelStandards', '差旅标准'),
      item('unclaimedEntry', '未认领的菜单'),
    ],
  },
];
const delegations = [
  { id: 1, authorBy: 'employee01', authorTo: 'manager01', authorStatus: '1', activeFrom: '2024-01-01', activeTo: '2099-12-31', createBy: 'employee01', authorByTxt: '张三', authorToTxt: '李四', active: true },
];
const approvers = [
  { id: 7, companyCode: '1000', costCenter: '', businessType: 'A01', minAmount: 0, maxAmount: 10000, task1Approver: 'manager01', task2Approver: 'finance01', status: '1', updateBy: 'admin', updatedAt: '2024-05-01T00:00:00Z', task1ApproverTxt: '李四', task2ApproverTxt: '王五' },
];

let m: Mounted | undefined;
let saveAnswer: (call: Call) => ReturnType<typeof ok> = (call) => ok({ ...call.body, id: 2 });

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.clear();
  localStorage.setItem('token', 'TOKEN');
  localStorage.setItem('company', '1000');
  localStorage.setItem('menuPermissions', JSON.stringify([{ menuCode: 'cfg', permissionUrl: '/cfg' }]));
  saveAnswer = (call) => ok({ ...call.body, id: 2 });
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
  localStorage.clear();
});

function answer(call: Call) {
  switch (call.path) {
    case '/api/galaxycommon/menu/tree':
      return ok(tree);
    case '/api/galaxycommon/user/current':
      return ok(user);
    case '/api/formwork/registry/editions':
      return ok([{ key: 'form', default: true, companies: [] }]);
    case '/api/formwork/registry/docTypes':
      return ok([]);
    case '/api/formwork/masterdata':
      return ok(mdTypes);
    case '/api/formwork/masterdata/travelStandard/form':
      return ok(vendorForm);
    case '/api/formwork/masterdata/travelStandard/records':
      return ok({ total: 0, rows: [] });
    case '/api/galaxyform/proxyAuth/list':
      return ok(delegations);
    case '/api/galaxyform/cfg/approver/list':
      return ok(approvers);
    case '/api/galaxyform/proxyAuth/save':
    case '/api/galaxyform/cfg/approver/save':
    case '/api/galaxyform/cfg/approver/delete':
      return saveAnswer(call);
  }
  return answerNames(call) ?? answerPicker(call);
}

async function openMenuRoute(path: string) {
  m = await mount({ '*': <SessionProvider><MenuRoutePage /></SessionProvider> }, `${path}/${stamp}`, answer);
}

describe('configPageOf', () => {
  it.each([
    ['/cfg/dataQuery', 'catalogue'],
    ['/cfg/dataMaintain', 'catalogue'],
    ['/cfg/proxyAuthCfg', 'delegations'],
    ['/main/proxyAuthCfgView', 'delegations'],
    ['/bpmCfg', 'approvers'],
    ['/cfg/maintainTravelStandards', 'list:travelStandard'],
    ['/maintainTravelStandards', 'list:travelStandard'],
    ['/cfg/city', 'list:city'],
    ['/cfg/unclaimedEntry', 'none'],
    ['/cfg/tableMaintain', 'catalogue'],
    ['/cfg/userManage', 'admin'],
    ['/cfg/logQuery', 'admin'],
    ['/logQuery', 'admin'],
    ['/cfg/dataSync', 'admin'],
    ['/dataSync', 'admin'],
    ['/cfg/dataModify', 'admin'],
    ['/other/maintainTravelStandards', 'none'],
  ])('%s opens %s', (path, expected) => {
    const page = configPageOf(path, mdTypes);
    expect(page === null ? 'none' : page.kind === 'list' ? `list:${page.type.code}` : page.kind).toBe(expected);
  });

  it('groups the types by area; maintenance only those the user may change', () => {
    expect(typesByArea(mdTypes, 'query').map((a) => `${a.area}: ${a.types.map((t) => t.code).join(',')}`)).toEqual([
      '往来单位: vendor',
      '组织: company,department',
      '标准: travelStandard,city',
    ]);
    expect(typesByArea(mdTypes, 'maintain').find((a) => a.area === '标准')?.types.map((t) => t.code)).toEqual(['travelStandard']);
    // table maintenance: the areas it names only
    expect(typesByArea(mdTypes, 'query', ['组织']).map((a) => a.area)).toEqual(['组织']);
  });
});

describe('menu routes of the configuration centre', () => {
  it('a menu entry that is a type\'s menu opens its list', async () => {
    await openMenuRoute('/cfg/maintainTravelStandards');
    await waitFor(() => $('[data-page="md-list"][data-md-type="travelStandard"] [data-md-table][data-loaded="true"]'));
    expect($('[data-list-title]')?.textContent).toBe('差旅标准');
    // A dated type with a composite key: both key fields and the validity are columns.
    const headers = [...document.querySelectorAll('[data-md-table] thead th')].map((th) => th.getAttribute('data-column'));
    expect(headers).toContain('validFrom');
  });

  it('master-data maintenance lists the types the user may change by area, each opening its list', async () => {
    await openMenuRoute('/cfg/dataMaintain');
    await waitFor(() => $('[data-page="md-catalogue"][data-mode="maintain"] [data-md-open="travelStandard"]'));
    expect($('[data-md-open="city"]')).toBeNull();
    expect($<HTMLAnchorElement>('[data-md-open="vendor"]')?.getAttribute('href')).toBe('/masterdata/vendor');
    expect($<HTMLAnchorElement>('[data-cfg-open="delegations"]')?.getAttribute('href')).toBe('/proxyAuthCfg');
  });

  it('an entry no page claims is not found', async () => {
    await openMenuRoute('/cfg/preRequestPush');
    await waitFor(() => $('[data-page="404"]'));
  });

  it('an entry the menu map says is a configuration page, but that nothing here opens, is left out of the menu', async () => {
    const entry = (page: MenuPage) => ({ code: 'x', title: '', path: '/cfg/x', page, children: [] });
    expect(resolveEntry(entry({ kind: 'config' }))).toBeNull();
    expect(resolveEntry(entry({ kind: 'config', masterData: 'city' }))).toEqual({ kind: 'config' });
    expect(resolveEntry({ ...entry({ kind: 'config' }), path: '/cfg/dataQuery' })).toEqual({ kind: 'config' });
  });

  it('a hidden route opens the type whose menu ends in it', async () => {
    m = await mount({ '*': <ConfigRoute path="/maintainTravelStandards" fallback={<NotFoundPage />} /> }, '/maintainTravelStandards', answer);
    await waitFor(() => $('[data-page="md-list"][data-md-type="travelStandard"]'));
  });
});

describe('delegations', () => {
  it('lists them and saves a new one with only the fields the server takes', async () => {
    await openMenuRoute('/cfg/proxyAuthCfg');
    await waitFor(() => $('[data-page="cfg-delegations"] [data-row="1"]'));
    expect($('[data-row="1"] [data-cell="authorTo"]')?.textContent).toBe('manager01 李四');
    await click('[data-action="cfg-new"]');
    const dialog = await waitFor(() => $('[data-dialog="cfg-delegation"]'));
    expect(dialog.querySelector('#delegation-authorTo')).not.toBeNull();
    await click('[data-action="cfg-save"]');
    await waitFor(() => m!.calls.some((c) => c.path === '/api/galaxyform/proxyAuth/save'));
    const save = m!.calls.find((c) => c.path === '/api/galaxyform/proxyAuth/save')!;
    expect(Object.keys(save.body).sort()).toEqual(['activeFrom', 'activeTo', 'authorStatus', 'authorTo']);
  });

  it('shows a refusal in the dialog', async () => {
    saveAnswer = () => refusal(400, 'EINVALID', '请填写代理人authorTo：谁可以为admin制单？') as ReturnType<typeof ok>;
    await openMenuRoute('/cfg/proxyAuthCfg');
    await click(await waitFor(() => $('[data-action="cfg-new"]')));
    await click(await waitFor(() => $('[data-action="cfg-save"]')));
    await waitFor(() => $('[data-error="cfg-delegation"]'));
    expect($('[data-error="cfg-delegation"]')?.textContent).toContain('请填写代理人');
  });

  it('withdraws one in force', async () => {
    await openMenuRoute('/cfg/proxyAuthCfg');
    await click(await waitFor(() => $('[data-row="1"] [data-row-action="withdraw"]')));
    await waitFor(() => m!.calls.some((c) => c.path === '/api/galaxyform/proxyAuth/save'));
    expect(m!.calls.find((c) => c.path === '/api/galaxyform/proxyAuth/save')!.body).toEqual({
      id: 1,
      authorBy: 'employee01',
      authorTo: 'manager01',
      authorStatus: '0',
      activeFrom: '2024-01-01',
      activeTo: '2099-12-31',
    });
  });
});

describe('the approver configuration', () => {
  it('lists the rows, edits one and deletes one after asking', async () => {
    m = await mount({ '*': <ConfigRoute path="/bpmCfg" fallback={<NotFoundPage />} /> }, '/bpmCfg', answer);
    await waitFor(() => $('[data-page="cfg-approvers"] [data-row="7"]'));
    expect($('[data-row="7"] [data-cell="maxAmount"]')?.textContent).toBe('10,000.00');
    expect($('[data-row="7"] [data-cell="costCenter"]')?.textContent).toBe('任意');
    await click('[data-row="7"] [data-row-action="edit"]');
    await click(await waitFor(() => $('[data-action="cfg-save"]')));
    await waitFor(() => m!.calls.some((c) => c.path === '/api/galaxyform/cfg/approver/save'));
    expect(m!.calls.find((c) => c.path === '/api/galaxyform/cfg/approver/save')!.body).toEqual({
      id: 7,
      companyCode: '1000',
      costCenter: '',
      businessType: 'A01',
      minAmount: 0,
      maxAmount: 10000,
      task1Approver: 'manager01',
      task2Approver: 'finance01',
      status: '1',
    });
    await click('[data-row="7"] [data-row-action="delete"]');
    const confirm = await waitFor(() => buttonByText('确认', $('[data-dialog="confirm"]')!));
    await act(async () => confirm.click());
    await waitFor(() => m!.calls.some((c) => c.path === '/api/galaxyform/cfg/approver/delete'));
    expect(m!.calls.find((c) => c.path === '/api/galaxyform/cfg/approver/delete')!.body).toEqual({ id: 7 });
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { $, click, expectQuiet, mount, ok, refusal, typeInto, waitFor, type Answer, type Call, type Mounted } from '../__fixtures__/harness';
import { answerNames, answerPicker, mdTypes, vendor, vendorForm } from '../__fixtures__/masterdata';
import type { MasterRecord } from './api';
import MasterDataRoute from './MasterDataRoute';

let m: Mounted | undefined;
let stored: MasterRecord;
/** What the next write answers (default: the record saved, one version on). */
let onWrite: ((call: Call) => Answer) | null;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  stored = vendor(1);
  onWrite = null;
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
});

function answer(call: Call): Answer | undefined {
  const { path, method } = call;
  if (path === '/api/formwork/masterdata') return ok(mdTypes);
  if (path === '/api/formwork/masterdata/vendor/form') return ok(vendorForm);
  if (path === '/api/formwork/masterdata/vendor/records' && method === 'GET') return ok({ total: 1, rows: [stored] });
  if (path === '/api/formwork/masterdata/vendor/records/V1001' && method === 'GET') return ok(stored);
  if (path.startsWith('/api/formwork/masterdata/vendor/records') && method !== 'GET') {
    if (onWrite) return onWrite(call);
    return ok({ ...stored, ...call.body, key: call.body?.body?.code ?? stored.key, version: stored.version + 1 });
  }
  return answerNames(call) ?? answerPicker(call);
}

const writes = () => m!.calls.filter((c) => c.method !== 'GET');

async function openList() {
  m = await mount({ '/masterdata/:type': <MasterDataRoute /> }, '/masterdata/vendor', answer);
  await waitFor(() => $('[data-md-table][data-loaded="true"] tr[data-row="V1001"]'));
}

async function editFirst() {
  await click('[data-row="V1001"] [data-row-action="edit"]');
  await waitFor(() => $<HTMLInputElement>('#root_name'));
}

describe('the record dialog', () => {
  it('shows the record body in the rjsf form, the key fixed, and saves it with its version', async () => {
    await openList();
    await editFirst();
    expect($<HTMLInputElement>('#root_name')!.value).toBe('供应商1');
    expect($<HTMLInputElement>('#root_code')!.readOnly || $<HTMLInputElement>('#root_code')!.disabled).toBe(true);
    await waitFor(() => $('[data-dialog="md-record"] [data-ref-name="IT01"]')?.textContent === '信息技术部');
    await typeInto('#root_name', '供应商一号');
    await click('[data-action="save-record"]');
    await waitFor(() => $('[data-notice="md"]'));
    expect($('[data-dialog="md-record"]')).toBeNull();
    const put = writes()[0];
    expect(`${put.method} ${put.path}`).toBe('PUT /api/formwork/masterdata/vendor/records/V1001');
    expect(put.body).toEqual({ version: 3, company: '1000', active: true, body: { ...stored.body, name: '供应商一号' } });
  });

  it('creates a record in the chosen company', async () => {
    localStorage.setItem('company', '2000');
    await openList();
    await click('[data-action="md-new"]');
    await typeInto(await waitFor(() => $<HTMLInputElement>('#root_code')), 'V9001');
    await typeInto('#root_name', '新供应商');
    await click('[data-action="save-record"]');
    await waitFor(() => writes().length === 1);
    expect(`${writes()[0].method} ${writes()[0].path}`).toBe('POST /api/formwork/masterdata/vendor/records');
    expect(writes()[0].body).toMatchObject({ active: true, body: { code: 'V9001', name: '新供应商' } });
    localStorage.clear();
  });

  it('shows the server findings (422) at their fields, in the body, its tables and the record fields', async () => {
    stored = { ...stored, body: { ...stored.body, accounts: [{ bank: 'ICBC', cnaps: '1' }] } };
    await openList();
    await editFirst();
    const findings = [
      { path: 'name', code: 'required', message: '供应商名称不能为空' },
      { path: 'accounts[0].cnaps', code: 'format', message: '联行号应为12位数字' },
      { path: 'company', code: 'ref', message: '公司 9999 不存在' },
      { path: '', code: 'rule', message: '内部供应商须有归口部门' },
    ];
    onWrite = () => refusal(422, 'ECHECK', '校验未通过', { findings });
    await click('[data-action="save-record"]');
    await waitFor(() => $('[data-field-error="company"]'));
    expect($('[data-field-error="company"]')?.textContent).toBe('公司 9999 不存在');
    const dialog = $('[data-dialog="md-record"]')!;
    expect(dialog.textContent).toContain('供应商名称不能为空');
    expect(dialog.textContent).toContain('联行号应为12位数字');
    expect($('[data-error="record"]')?.textContent).toBe('内部供应商须有归口部门');
    // The dialog stays, with what the person typed.
    expect($<HTMLInputElement>('#root_name')!.value).toBe('供应商1');
  });

  it('on a stale version (409) says so and reloads the stored record', async () => {
    await openList();
    await editFirst();
    onWrite = () => refusal(409, 'ECONFLICT', '记录已被修改');
    await typeInto('#root_name', '我的修改');
    await click('[data-action="save-record"]');
    await waitFor(() => $('[data-error="stale"]'));
    expect($<HTMLButtonElement>('[data-action="save-record"]')!.disabled).toBe(true);
    stored = { ...stored, version: 4, body: { ...stored.body, name: '别人的修改' } };
    await click('[data-action="reload"]');
    await waitFor(() => $<HTMLInputElement>('#root_name')!.value === '别人的修改');
    expect($('[data-error="stale"]')).toBeNull();
    onWrite = null;
    await click('[data-action="save-record"]');
    await waitFor(() => writes().length === 2);
    expect(writes()[1].body.version).toBe(4);
  });

  it('deactivates after asking, and says whether the record was deleted or kept inactive', async () => {
    await openList();
    onWrite = () => ok({ key: 'V1001', removed: false, active: false });
    await click('[data-row="V1001"] [data-row-action="deactivate"]');
    await click(await waitFor(() => $('[data-action="confirm-deactivate"]')));
    await waitFor(() => $('[data-notice="md"]'));
    expect(`${writes()[0].method} ${writes()[0].url}`).toBe('DELETE /api/formwork/masterdata/vendor/records/V1001?version=3&lang=zh');
    expect($('[data-notice="md"]')?.textContent).toContain('已停用');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import FormPage from '../pages/FormPage';
import { ex02Export } from '../__fixtures__/ex02Export';
import { $, expectQuiet, mount, ok, refusal, waitFor, type Answer, type Call, type Mounted } from '../__fixtures__/harness';
import type { FormExport } from '../api/types';

const editions = [{ key: 'form', default: true, companies: ['1000'] }];

const ref = (type: string) => ({ 'ui:widget': 'ref', 'ui:options': { ref: type } });

/** The EX02 fixture with the head's organisation fields (references, as the server exports them). */
function exportWithRefs(): FormExport {
  const ex = structuredClone(ex02Export);
  const head = ex.schema.properties!.head;
  Object.assign(head.properties!, {
    companyCode: { type: 'string', title: '公司', 'x-ref': 'company' },
    department: { type: 'string', title: '部门', 'x-ref': 'department' },
    costCenter: { type: 'string', title: '成本中心', 'x-ref': 'costCenter' },
    applicant: { type: 'string', title: '报账人', 'x-ref': 'employee' },
  });
  const headUi = ex.uiSchema.head as Record<string, unknown>;
  Object.assign(headUi, { companyCode: ref('company'), department: ref('department'), costCenter: ref('costCenter'), applicant: ref('employee') });
  headUi['ui:order'] = ['companyCode', 'department', 'costCenter', 'applicant', ...(headUi['ui:order'] as string[])];
  return ex;
}

const prefill = {
  company: '1000',
  companyTxt: '集团总部',
  sob: '1000',
  sobTxt: '集团账套',
  department: 'SAL02',
  departmentTxt: '销售二部',
  costCenter: '1000SAL02',
  costCenterTxt: '总部销售二部',
  applicant: 'employee01',
  applicantTxt: '张三',
};

let m: Mounted | undefined;
let prefillAnswer: () => Answer;

function respond(call: Call): Answer | undefined {
  if (call.path === '/api/formwork/registry/editions') return ok(editions);
  if (call.path === '/api/formwork/registry/docTypes') return ok([]);
  if (call.path === '/api/formwork/registry/docTypes/EX02/form') return { ...ok(exportWithRefs()), headers: { ETag: '"e1"' } };
  if (call.path === '/api/formwork/masterdata/prefill') return prefillAnswer();
  if (call.path === '/api/formwork/evaluate') return ok({ check: { valid: true, errors: [] }, fields: {}, values: {} });
  return undefined;
}

const callsTo = (path: string) => m!.calls.filter((c) => c.path === path);
const nameCalls = () => m!.calls.filter((c) => /\/masterdata\/[^/]+\/names$/.test(c.path));
const value = (id: string) => $<HTMLInputElement>(`#${id}`)?.value;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
});

describe('a new document from the signed-in user\'s prefill', () => {
  it('opens with company, department, cost centre and applicant filled, names beside the codes, one prefill request', async () => {
    prefillAnswer = () => ok(prefill);
    m = await mount({ '/form': <FormPage /> }, '/form?docType=EX02&action=new', respond);
    await waitFor(() => $('[data-form-ready="true"]'));
    expect([value('root_head_companyCode'), value('root_head_department'), value('root_head_costCenter'), value('root_head_applicant')]).toEqual(['1000', 'SAL02', '1000SAL02', 'employee01']);
    await waitFor(() => $('[data-ref-name="SAL02"]'));
    expect($('[data-ref-name="1000"]')?.textContent).toBe('集团总部');
    expect($('[data-ref-name="SAL02"]')?.textContent).toBe('销售二部');
    expect($('[data-ref-name="1000SAL02"]')?.textContent).toBe('总部销售二部');
    expect($('[data-ref-name="employee01"]')?.textContent).toBe('张三');
    // The names came with the prefill: nothing asked for them.
    expect(nameCalls()).toEqual([]);
    const asked = callsTo('/api/formwork/masterdata/prefill');
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0].url, 'http://x').searchParams.get('docType')).toBe('EX02');
    // The first evaluate sees the prefilled head; sob is not a field of this export and is not sent.
    await waitFor(() => callsTo('/api/formwork/evaluate').length > 0);
    const head = callsTo('/api/formwork/evaluate')[0].body.head;
    expect(head).toMatchObject({ companyCode: '1000', department: 'SAL02', costCenter: '1000SAL02', applicant: 'employee01' });
    expect(head).not.toHaveProperty('sob');
  });

  it('is asked as the form opens, without waiting for the export', async () => {
    prefillAnswer = () => ok(prefill);
    m = await mount({ '/form': <FormPage /> }, '/form?docType=EX02&action=new', respond);
    await waitFor(() => $('[data-form-ready="true"]'));
    const order = m.calls.map((c) => c.path);
    const exportAt = order.indexOf('/api/formwork/registry/docTypes/EX02/form');
    const prefillAt = order.indexOf('/api/formwork/masterdata/prefill');
    // The export waits for the editions; the prefill for nothing: it is on its way first.
    expect(prefillAt).toBeGreaterThanOrEqual(0);
    expect(prefillAt).toBeLessThan(exportAt);
    expect(order.indexOf('/api/formwork/evaluate')).toBeGreaterThan(Math.max(exportAt, prefillAt));
  });

  it('opens blank when the prefill fails or the user has no employee record', async () => {
    for (const answer of [() => refusal(500, 'EINTERNAL', 'down'), () => ok({})]) {
      prefillAnswer = answer;
      m = await mount({ '/form': <FormPage /> }, '/form?docType=EX02&action=new', respond);
      await waitFor(() => $('[data-form-ready="true"]'));
      expect([value('root_head_companyCode'), value('root_head_department'), value('root_head_applicant')]).toEqual(['', '', '']);
      expectQuiet(m);
      m = undefined;
    }
  });
});

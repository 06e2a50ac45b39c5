// Master-data answers as the contract (prompts mdapi.md) describes them: a vendor type
// (company-scoped, a bank-account table), the company and department types, and the
// records the pages under test list.
import type { MasterDataType, MasterRecord, RecordForm } from '../masterdata/api';
import { ok, type Answer, type Call } from './harness';

const base: Omit<MasterDataType, 'code' | 'title' | 'menu'> = {
  area: '组织',
  display: 'name',
  search: ['code', 'name'],
  keys: ['code'],
  scope: 'group',
  dated: false,
  canRead: true,
  canWrite: true,
};

export const mdTypes: MasterDataType[] = [
  { ...base, code: 'vendor', title: '供应商', area: '往来单位', menu: '/cfg/internalVendor', scope: 'company' },
  { ...base, code: 'company', title: '公司', menu: '/cfg/companyMaintain' },
  { ...base, code: 'department', title: '部门', menu: '' },
  { ...base, code: 'travelStandard', title: '差旅标准', area: '标准', menu: '/cfg/maintainTravelStandards', keys: ['rank', 'cityType'], display: 'rank', dated: true },
  { ...base, code: 'city', title: '城市', area: '标准', menu: '/cfg/city', canWrite: false },
];

export const vendorForm: RecordForm = {
  etag: '"v1"',
  schema: {
    type: 'object',
    required: ['code', 'name'],
    properties: {
      code: { type: 'string', title: '供应商代码' },
      name: { type: 'string', title: '供应商名称' },
      kind: { type: 'string', title: '类型', oneOf: [{ const: 'I', title: '内部' }, { const: 'E', title: '外部' }] },
      department: { type: 'string', title: '归口部门', 'x-ref': 'department' },
      accounts: {
        type: 'array',
        title: '收款账户',
        items: { type: 'object', properties: { bank: { type: 'string', title: '银行' }, cnaps: { type: 'string', title: '联行号' } } },
      },
    },
  } as RecordForm['schema'],
  uiSchema: {
    'ui:order': ['code', 'name', 'kind', 'department', 'accounts'],
    department: { 'ui:widget': 'ref', 'ui:options': { ref: 'department' } },
  },
};

export function vendor(n: number, more: Partial<MasterRecord> = {}): MasterRecord {
  const code = `V${String(1000 + n)}`;
  return {
    type: 'vendor',
    key: code,
    company: '1000',
    active: true,
    validFrom: '',
    validTo: '',
    version: 3,
    updatedAt: '2024-05-01T10:20:30Z',
    updatedBy: 'admin',
    display: `供应商${n}`,
    body: { code, name: `供应商${n}`, kind: 'E', department: 'IT01' },
    ...more,
  };
}

export const names: Record<string, Record<string, string>> = {
  company: { '1000': '集团总部', '2000': '华东分公司' },
  department: { IT01: '信息技术部', SAL02: '销售二部', FIN01: '财务共享中心' },
};

/** GET .../:type/names?keys=: the names of the keys known above. */
export function answerNames(call: Call): Answer | undefined {
  const m = /^\/api\/formwork\/masterdata\/([^/]+)\/names$/.exec(call.path);
  if (!m || call.method !== 'GET') return undefined;
  const keys = (new URL(call.url, 'http://x').searchParams.get('keys') ?? '').split(',');
  const known = names[decodeURIComponent(m[1])] ?? {};
  return ok(Object.fromEntries(keys.filter((k) => k in known).map((k) => [k, known[k]])));
}

/** GET .../:type/records?q=: the department or company records whose code or name holds q. */
export function answerPicker(call: Call): Answer | undefined {
  const m = /^\/api\/formwork\/masterdata\/([^/]+)\/records$/.exec(call.path);
  if (!m || call.method !== 'GET') return undefined;
  const type = decodeURIComponent(m[1]);
  const q = (new URL(call.url, 'http://x').searchParams.get('q') ?? '').toLowerCase();
  const rows = Object.entries(names[type] ?? {})
    .filter(([k, v]) => k.toLowerCase().includes(q) || v.includes(q))
    .map(([k, v]) => ({ ...vendor(0), type, key: k, display: v, body: { code: k, name: v } }));
  return ok({ total: rows.length, rows });
}

export const param = (call: Call, name: string) => new URL(call.url, 'http://x').searchParams.get(name);

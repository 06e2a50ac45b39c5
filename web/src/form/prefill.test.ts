import { describe, expect, it } from 'vitest';
import type { FormDocument, JsonSchema, UiSchema } from '../api/types';
import { mergePrefill } from './prefill';

const ref = (type: string) => ({ 'ui:widget': 'ref', 'ui:options': { ref: type } });
const text = (extra: Record<string, unknown> = {}): JsonSchema => ({ type: 'string', ...extra });

/** The head of an EX02-like export: the prefill's fields, one read-only, one read-only with a default. */
const schema: JsonSchema = {
  type: 'object',
  properties: {
    head: {
      type: 'object',
      properties: {
        docType: text({ readOnly: true }),
        companyCode: text({ 'x-ref': 'company' }),
        sob: text({ 'x-ref': 'setOfBooks' }),
        department: text({ 'x-ref': 'department' }),
        costCenter: text({ 'x-ref': 'costCenter' }),
        applicant: text({ 'x-ref': 'employee' }),
        description: text(),
      },
    },
  },
};
const uiSchema: UiSchema = {
  head: { companyCode: ref('company'), sob: ref('setOfBooks'), department: ref('department'), costCenter: ref('costCenter'), applicant: ref('employee') },
};

const prefill = {
  company: '1000',
  companyTxt: '集团总部',
  sob: '1000',
  sobTxt: '集团账套',
  department: 'SAL02',
  departmentTxt: '销售二部',
  costCenter: '1000SAL02',
  costCenterTxt: '总部销售二部',
  bizRang: 'BA10',
  bizRangTxt: '集团本部',
  applicant: 'employee01',
  applicantTxt: '张三',
};

const doc = (head: Record<string, unknown>): FormDocument => ({ head: { docType: 'EX02', ...head } }) as FormDocument;

/** A copy of the export whose head field name is read-only (ui:readonly), with a default when given. */
function lockedExport(name: string, def?: string): { schema: JsonSchema; uiSchema: UiSchema } {
  const s = structuredClone(schema);
  const prop = s.properties!.head.properties![name];
  if (def !== undefined) prop.default = def;
  const ui = structuredClone(uiSchema) as { head: Record<string, Record<string, unknown>> };
  ui.head[name] = { ...ui.head[name], 'ui:readonly': true };
  return { schema: s, uiSchema: ui };
}

describe('mergePrefill', () => {
  const cases: Array<{
    name: string;
    document: FormDocument;
    export?: { schema: JsonSchema; uiSchema: UiSchema };
    answer?: Record<string, string> | null;
    head: Record<string, unknown>;
    filled: string[];
  }> = [
    {
      name: 'an empty document takes every field its type has (company as companyCode)',
      document: doc({}),
      head: { docType: 'EX02', companyCode: '1000', sob: '1000', department: 'SAL02', costCenter: '1000SAL02', applicant: 'employee01' },
      filled: ['companyCode', 'sob', 'department', 'costCenter', 'applicant'],
    },
    {
      name: 'what the document holds is kept (the chosen company, a typed department); blanks are filled',
      document: doc({ companyCode: '1000', department: 'IT01', costCenter: '  ' }),
      head: { docType: 'EX02', companyCode: '1000', sob: '1000', department: 'IT01', costCenter: '1000SAL02', applicant: 'employee01' },
      filled: ['sob', 'costCenter', 'applicant'],
    },
    {
      name: 'a field the schema lacks is not sent (bizRang is not in this type)',
      document: doc({ companyCode: '1000', sob: '1000', department: 'SAL02', costCenter: '1000SAL02' }),
      head: { docType: 'EX02', companyCode: '1000', sob: '1000', department: 'SAL02', costCenter: '1000SAL02', applicant: 'employee01' },
      filled: ['applicant'],
    },
    {
      name: 'a field the action mode leaves read-only stays blank',
      document: doc({}),
      export: lockedExport('department'),
      head: { docType: 'EX02', companyCode: '1000', sob: '1000', costCenter: '1000SAL02', applicant: 'employee01' },
      filled: ['companyCode', 'sob', 'costCenter', 'applicant'],
    },
    {
      name: 'a read-only field that takes a default takes the prefill instead',
      document: doc({}),
      export: lockedExport('sob', '9999'),
      head: { docType: 'EX02', companyCode: '1000', sob: '1000', department: 'SAL02', costCenter: '1000SAL02', applicant: 'employee01' },
      filled: ['companyCode', 'sob', 'department', 'costCenter', 'applicant'],
    },
    {
      name: 'a document in another company takes only the applicant (the organisation codes are of company 1000)',
      document: doc({ companyCode: '2000' }),
      head: { docType: 'EX02', companyCode: '2000', applicant: 'employee01' },
      filled: ['applicant'],
    },
    {
      name: 'no employee record (an empty answer) fills nothing',
      document: doc({}),
      answer: {},
      head: { docType: 'EX02' },
      filled: [],
    },
    {
      name: 'a failed prefill (null) fills nothing',
      document: doc({}),
      answer: null,
      head: { docType: 'EX02' },
      filled: [],
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const ex = c.export ?? { schema, uiSchema };
      const before = structuredClone(c.document);
      const merged = mergePrefill(c.document, c.answer === undefined ? prefill : c.answer, ex.schema, ex.uiSchema);
      expect(merged.document.head).toEqual(c.head);
      expect(merged.filled).toEqual(c.filled);
      expect(c.document).toEqual(before); // the input is not changed
      if (c.filled.length === 0) expect(merged.document).toBe(c.document); // nothing for React to re-render
    });
  }

  it('names each filled code for its ref type, from the answer\'s ...Txt', () => {
    const merged = mergePrefill(doc({ companyCode: '1000' }), prefill, schema, uiSchema);
    expect(merged.names).toEqual([
      { type: 'setOfBooks', key: '1000', display: '集团账套' },
      { type: 'department', key: 'SAL02', display: '销售二部' },
      { type: 'costCenter', key: '1000SAL02', display: '总部销售二部' },
      { type: 'employee', key: 'employee01', display: '张三' },
    ]);
  });

  it('keeps the other parts of the document (tables) as they are', () => {
    const lines = [{ costType: 'C01' }];
    const merged = mergePrefill({ ...doc({}), lineList: lines } as FormDocument, prefill, schema, uiSchema);
    expect(merged.document.lineList).toBe(lines);
  });
});

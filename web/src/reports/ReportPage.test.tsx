// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { $, click, expectQuiet, mount, ok, refusal, waitFor, type Call, type Mounted } from '../__fixtures__/harness';
import ReportPage from './ReportPage';
import { cellText, chartData } from './model';
import type { ReportResult, ReportSummary } from './api';

const docCount: ReportSummary = {
  code: 'rptDocCount',
  menu: 'rptDocCount',
  group: 'rpt',
  reportType: 'rptDocCount',
  title: '单据数量统计',
  description: '按单据类型与状态统计单据数量和金额',
  source: 'documents',
  companies: ['1000', '2000'],
  allCompanies: false,
  totals: true,
  grouped: true,
  groupBy: ['docType', 'status'],
  parameters: [
    { name: 'company', type: 'company', label: '公司', required: true, default: '1000' },
    { name: 'from', type: 'date', label: '开始日期', required: false, default: '2026-03-01' },
    { name: 'status', type: 'list', label: '单据状态', required: false, options: ['draft', 'approved'] },
  ],
  columns: [
    { key: 'docType', label: '单据类型', type: 'text', named: true },
    { key: 'status', label: '单据状态', type: 'text', named: true },
    { key: 'documents', label: '单据数', type: 'int', aggregate: 'count' },
    { key: 'amount_sum', label: '金额', type: 'money', aggregate: 'sum' },
  ],
  chart: { type: 'bar', x: 'docType', y: ['documents'] },
};

const answerOf = (company: string): ReportResult => ({
  code: 'rptDocCount',
  title: '单据数量统计',
  company,
  params: {},
  columns: docCount.columns,
  rows: [
    { docType: 'EX02', docTypeTxt: '员工报销', status: 'approved', statusTxt: '已审批', documents: 2, amount_sum: '1600.00' },
    { docType: 'EX02', docTypeTxt: '员工报销', status: 'draft', statusTxt: '草稿', documents: 1, amount_sum: '300.50' },
    { docType: 'EX03', docTypeTxt: '对公报销', status: 'approved', statusTxt: '已审批', documents: 1, amount_sum: '5000.00' },
  ],
  totals: { docType: null, status: null, documents: 4, amount_sum: '6900.50' },
  count: 3,
  truncated: false,
  chart: docCount.chart,
});

let m: Mounted | undefined;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  localStorage.setItem('token', 'TOKEN');
});

afterEach(() => {
  expectQuiet(m);
  m = undefined;
  localStorage.clear();
});

function answer(call: Call) {
  if (call.path === '/api/formwork/reports') return ok([docCount]);
  if (call.path === '/api/formwork/reports/rptDocCount/run') {
    return call.body.params.company === '2000' ? refusal(403, 'EFORBIDDEN', '您没有公司 2000 的报表权限（报表类型 rptDocCount）') : ok(answerOf(call.body.params.company));
  }
  return undefined;
}

const show = (code: string) => mount({ '*': <ReportPage code={code} /> }, `/rpt/${code}`, answer);

describe('the report page', () => {
  it('runs with the defaults and shows the grouped rows, named codes and the total row', async () => {
    m = await show('rptDocCount');
    await waitFor(() => $('[data-report-row="2"]'));
    const run = m.calls.find((c) => c.path.endsWith('/run'));
    expect(run?.body).toEqual({ params: { company: '1000', from: '2026-03-01' } });
    expect($('[data-report-row="0"] [data-col="docType"]')?.textContent).toBe('EX02 员工报销');
    expect($('[data-report-row="2"] [data-col="amount_sum"]')?.textContent).toBe('5,000.00');
    expect($('[data-total="docType"]')?.textContent).toBe('合计');
    expect($('[data-total="amount_sum"]')?.textContent).toBe('6,900.50');
    expect($('[data-report-chart="bar"]')).not.toBeNull();
    expect($('[data-report-description]')?.textContent).toContain('按单据类型');
  });

  it('shows the refusal of a company outside the report authority', async () => {
    m = await show('rptDocCount');
    await waitFor(() => $('[data-report-row="0"]'));
    await act(async () => {
      $('#report-param-company')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await click(await waitFor(() => Array.from(document.querySelectorAll<HTMLElement>('li[role="option"]')).find((li) => li.textContent === '2000')));
    await click('[data-action="report-run"]');
    const error = await waitFor(() => $('[data-report-error]'));
    expect(error.textContent).toContain('公司 2000');
  });

  it('says why a report not in the user list cannot run', async () => {
    m = await show('FM00001');
    const warning = await waitFor(() => $('[data-report-forbidden]'));
    expect(warning.textContent).toContain('FM00001');
    expect(m.calls.some((c) => c.path.endsWith('/run'))).toBe(false);
  });
});

describe('report model', () => {
  it('sums the chart per category of x', () => {
    const data = chartData(answerOf('1000'))!;
    expect(data.labels).toEqual(['EX02 员工报销', 'EX03 对公报销']);
    expect(data.series[0].data).toEqual([3, 1]);
  });
  it('formats money and leaves blanks', () => {
    expect(cellText({ key: 'a', label: '', type: 'money' }, { a: '1234.5' })).toBe('1,234.50');
    expect(cellText({ key: 'a', label: '', type: 'text' }, { a: null })).toBe('');
  });
});

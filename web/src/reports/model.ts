// What the report page computes from a report and its answer: the form's first values,
// the cells as shown, the chart's series.
import { formatMoney } from '../widgets/money/money';
import type { ParamValues, ReportColumn, ReportResult, ReportSummary } from './api';

/** The form's first values: each parameter's default (the server resolved today, the company context ...). */
export function initialParams(report: ReportSummary): ParamValues {
  const out: ParamValues = {};
  for (const p of report.parameters ?? []) {
    const d = p.default;
    if (p.type === 'list') out[p.name] = Array.isArray(d) ? d.map(String) : [];
    else out[p.name] = d === undefined || d === null ? '' : String(d);
  }
  return out;
}

/** A cell as shown: money and numbers grouped with 2 places, a code with its name. */
export function cellText(col: ReportColumn, row: Record<string, unknown>): string {
  const v = row[col.key];
  if (v === undefined || v === null || v === '') return '';
  if (col.type === 'money' || col.type === 'number') return formatMoney(v);
  const name = row[`${col.key}Txt`];
  if (col.named && typeof name === 'string' && name !== '' && name !== v) return `${String(v)} ${name}`;
  return String(v);
}

export function numeric(col: ReportColumn): boolean {
  return col.type === 'money' || col.type === 'number' || col.type === 'int';
}

/** The chart's categories (x, named) and one series per y column, summed per category (a report grouped by more than x). */
export function chartData(result: ReportResult): { labels: string[]; series: { key: string; label: string; data: number[] }[] } | null {
  const chart = result.chart;
  const cols = result.columns ?? [];
  const x = cols.find((c) => c.key === chart?.x);
  if (!chart || !x) return null;
  const labels: string[] = [];
  const index = new Map<string, number>();
  const ys = (chart.y ?? []).map((k) => cols.find((c) => c.key === k)).filter((c): c is ReportColumn => !!c);
  const series = ys.map((c) => ({ key: c.key, label: c.label, data: [] as number[] }));
  for (const row of result.rows ?? []) {
    const label = cellText(x, row) || '—';
    let i = index.get(label);
    if (i === undefined) {
      i = labels.length;
      index.set(label, i);
      labels.push(label);
      series.forEach((s) => s.data.push(0));
    }
    ys.forEach((c, j) => {
      const n = Number(row[c.key] ?? 0);
      series[j].data[i!] += Number.isFinite(n) ? n : 0;
    });
  }
  return { labels, series };
}

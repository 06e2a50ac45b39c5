import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { saveFile } from '../masterdata/saveFile';
import { exportReport, reportsQuery, runReport, type ParamValues, type ReportParam, type ReportResult, type ReportSummary } from './api';
import { cellText, chartData, initialParams, numeric } from './model';

/** One parameter's input: company from the companies the user may run it for, dates, periods, lists, texts. */
function ParamInput({ p, report, value, onChange }: { p: ReportParam; report: ReportSummary; value: string | string[]; onChange: (v: string | string[]) => void }) {
  const id = `report-param-${p.name}`;
  const common = { id, label: p.label, size: 'small' as const, required: p.required, sx: { minWidth: 180 }, inputProps: { 'data-param': p.name } };
  const companies = report.companies ?? [];
  if (p.type === 'company' && companies.length > 0) {
    return (
      <TextField {...common} select value={value} onChange={(e) => onChange(e.target.value)}>
        {companies.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (p.type === 'list') {
    const list = Array.isArray(value) ? value : [];
    if ((p.options ?? []).length > 0) {
      return (
        <TextField {...common} select value={list} SelectProps={{ multiple: true }} onChange={(e) => onChange(e.target.value as unknown as string[])}>
          {(p.options ?? []).map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return <TextField {...common} value={list.join(',')} onChange={(e) => onChange(e.target.value.split(',').map((s) => s.trim()).filter(Boolean))} />;
  }
  const type = p.type === 'date' ? 'date' : p.type === 'period' ? 'month' : 'text';
  return <TextField {...common} type={type} InputLabelProps={{ shrink: true }} value={value} onChange={(e) => onChange(e.target.value)} />;
}

function Chart({ result }: { result: ReportResult }) {
  const data = chartData(result);
  if (!data || data.labels.length === 0) return null;
  const height = 300;
  let chart;
  if (result.chart?.type === 'pie') {
    const s = data.series[0];
    chart = <PieChart height={height} series={[{ data: data.labels.map((label, i) => ({ id: i, value: s?.data[i] ?? 0, label })) }]} />;
  } else if (result.chart?.type === 'line') {
    chart = <LineChart height={height} xAxis={[{ scaleType: 'point', data: data.labels }]} series={data.series.map((s) => ({ data: s.data, label: s.label }))} />;
  } else {
    chart = <BarChart height={height} xAxis={[{ scaleType: 'band', data: data.labels }]} series={data.series.map((s) => ({ data: s.data, label: s.label }))} />;
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-report-chart={result.chart?.type}>
      {chart}
    </Paper>
  );
}

function ResultTable({ result }: { result: ReportResult }) {
  const { t } = useTranslation();
  const cols = result.columns ?? [];
  const rows = result.rows ?? [];
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ maxHeight: '60vh' }}>
        <Table size="small" stickyHeader data-report-table>
          <TableHead>
            <TableRow>
              {cols.map((c) => (
                <TableCell key={c.key} align={numeric(c) ? 'right' : 'left'}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={cols.length} sx={{ position: 'sticky', left: 0 }} data-report-empty>
                  {t('reports.empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((r, i) => (
              <TableRow key={i} data-report-row={i}>
                {cols.map((c) => (
                  <TableCell key={c.key} align={numeric(c) ? 'right' : 'left'} data-col={c.key}>
                    {cellText(c, r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          {result.totals && rows.length > 0 && (
            <TableFooter data-report-totals>
              <TableRow>
                {cols.map((c, i) => (
                  <TableCell key={c.key} align={numeric(c) ? 'right' : 'left'} data-total={c.key} sx={{ fontWeight: 'bold' }}>
                    {i === 0 && !cellText(c, result.totals!) ? t('reports.total') : cellText(c, result.totals!)}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** The report of one /rpt or /fkRpt entry: its parameters, the grouped table with totals, its chart and the spreadsheet. */
export default function ReportPage({ code, title }: { code: string; title?: string }) {
  const { t, i18n } = useTranslation();
  const list = useQuery(reportsQuery(i18n.language));
  const report = useMemo(() => list.data?.find((r) => r.code === code || r.menu === code), [list.data, code]);
  const [params, setParams] = useState<ParamValues | null>(null);
  const run = useMutation({ mutationFn: (p: ParamValues) => runReport(report!.code, p) });
  const exporting = useMutation({ mutationFn: async (p: ParamValues) => saveFile(await exportReport(report!.code, p), `${report!.code}.xlsx`) });
  const started = useRef(false);
  useEffect(() => {
    if (!report || started.current) return;
    started.current = true;
    const first = initialParams(report);
    setParams(first);
    run.mutate(first);
  }, [report, run]);

  const heading = title ?? report?.title ?? code;
  if (list.isError) return <Alert severity="error">{errorText(list.error)}</Alert>;
  if (list.isPending) return <LinearProgress />;
  if (!report) {
    return (
      <Container sx={{ py: 3 }} data-page="report" data-report={code}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {heading}
        </Typography>
        <Alert severity="warning" data-report-forbidden>
          {t('reports.forbidden', { code })}
        </Alert>
      </Container>
    );
  }
  const values = params ?? initialParams(report);
  const result = run.data;
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="report" data-report={report.code}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {heading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-report-description>
        {report.description}
      </Typography>
      {report.note && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {report.note}
        </Alert>
      )}
      <Box
        component="form"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          run.mutate(values);
        }}
      >
        {(report.parameters ?? []).map((p) => (
          <ParamInput key={p.name} p={p} report={report} value={values[p.name] ?? ''} onChange={(v) => setParams({ ...values, [p.name]: v })} />
        ))}
        <Button type="submit" variant="contained" data-action="report-run" disabled={run.isPending}>
          {t('reports.run')}
        </Button>
        <Button variant="outlined" data-action="report-export" disabled={exporting.isPending} onClick={() => exporting.mutate(values)}>
          {exporting.isPending ? t('reports.exporting') : t('reports.export')}
        </Button>
      </Box>
      {run.isPending && <LinearProgress />}
      {run.isError && (
        <Alert severity="error" sx={{ mb: 2 }} data-report-error>
          {errorText(run.error)}
        </Alert>
      )}
      {exporting.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(exporting.error)}
        </Alert>
      )}
      {result && (
        <>
          <Typography variant="body2" sx={{ mb: 1 }} data-report-count={result.count}>
            {result.truncated ? t('reports.truncated', { count: result.count, shown: result.rows?.length ?? 0 }) : t('reports.rows', { count: result.count })}
          </Typography>
          <Chart result={result} />
          <ResultTable result={result} />
        </>
      )}
      {!result && !run.isPending && !run.isError && <Typography color="text.secondary">{t('reports.choose')}</Typography>}
    </Container>
  );
}

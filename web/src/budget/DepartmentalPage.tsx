import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { formatMoney } from '../widgets/money/money';
import { departmentalQuery, type BudgetFilter, type DepartmentSum } from './api';
import BudgetFilters from './BudgetFilters';
import { usageText } from './format';
import EmptyRow from '../masterdata/EmptyRow';

/** The bars of the chart: one per department and period, stacked consumed + occupied + available (0 when overdrawn). */
export function chartSeries(rows: DepartmentSum[]) {
  return {
    labels: rows.map((r) => `${r.departmentTxt || r.department} ${r.period}`),
    consumed: rows.map((r) => r.consumed),
    occupied: rows.map((r) => r.occupied),
    available: rows.map((r) => Math.max(0, r.available)),
  };
}

/** 部门预算: per department and period, the sums over its accounts, with a bar chart of usage. */
export default function DepartmentalPage({ title }: { title?: string }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<BudgetFilter>({});
  const list = useQuery(departmentalQuery(filter, i18n.language));
  const rows = list.data ?? [];
  const chart = chartSeries(rows.slice(0, 24));
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="budget-departmental">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title}
      </Typography>
      <BudgetFilters value={filter} onApply={setFilter} control={false} />
      {list.isError && <Alert severity="error">{errorText(list.error)}</Alert>}
      {list.isFetching && <LinearProgress />}
      {rows.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-budget-chart>
          <Typography variant="subtitle1">{t('budget.dept.chart')}</Typography>
          <BarChart
            height={Math.max(220, chart.labels.length * 36 + 80)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: chart.labels, width: 160 }]}
            series={[
              { data: chart.consumed, label: t('budget.col.consumed'), stack: 'use', valueFormatter: (v) => formatMoney(v) },
              { data: chart.occupied, label: t('budget.col.occupied'), stack: 'use', valueFormatter: (v) => formatMoney(v) },
              { data: chart.available, label: t('budget.col.available'), stack: 'use', valueFormatter: (v) => formatMoney(v) },
            ]}
          />
        </Paper>
      )}
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" data-budget-departmental>
            <TableHead>
              <TableRow>
                <TableCell>{t('budget.col.companyCode')}</TableCell>
                <TableCell>{t('budget.col.department')}</TableCell>
                <TableCell>{t('budget.col.period')}</TableCell>
                <TableCell align="right">{t('budget.col.count')}</TableCell>
                <TableCell align="right">{t('budget.col.amount')}</TableCell>
                <TableCell align="right">{t('budget.col.occupied')}</TableCell>
                <TableCell align="right">{t('budget.col.consumed')}</TableCell>
                <TableCell align="right">{t('budget.col.available')}</TableCell>
                <TableCell align="right">{t('budget.col.usage')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={`${r.companyCode}/${r.department}/${r.period}`} data-department={r.department}>
                  <TableCell>{r.companyCode}</TableCell>
                  <TableCell>{r.departmentTxt && r.departmentTxt !== r.department ? `${r.department} ${r.departmentTxt}` : r.department}</TableCell>
                  <TableCell>{r.period}</TableCell>
                  <TableCell align="right">{r.count}</TableCell>
                  <TableCell align="right">{formatMoney(r.amount)}</TableCell>
                  <TableCell align="right">{formatMoney(r.occupied)}</TableCell>
                  <TableCell align="right">{formatMoney(r.consumed)}</TableCell>
                  <TableCell align="right">{formatMoney(r.available)}</TableCell>
                  <TableCell align="right">{usageText(r)}</TableCell>
                </TableRow>
              ))}
              {list.data && rows.length === 0 && <EmptyRow columns={9} text={t('budget.dept.empty')} />}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Container>
  );
}

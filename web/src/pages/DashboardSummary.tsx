import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { apiCall, errorText } from '../api/client';
import type { Schemas } from '../api/types';
import { documentHref } from '../budget/format';
import { flatten, menuHref, type MenuNode } from '../menu/menu';
import { worklistOf } from '../worklist/lists';
import { formatMoney, toMoney } from '../widgets/money/money';

export type Dashboard = Schemas['Dashboard'];

/** GET /api/formwork/dashboard: the signed-in user's summary, in one call. */
export const dashboardQuery = (lang: string) => ({
  queryKey: ['dashboard', lang],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiCall<Dashboard>('GET', '/api/formwork/dashboard', undefined, signal),
});

/** The menu entry that opens a worklist (todo, draft, returned) or a page by menu code, if the person's menu has one. */
function entryOf(menu: MenuNode[], match: (n: MenuNode) => boolean): MenuNode | undefined {
  return flatten(menu).find(match);
}

function CountCard({ name, label, value, detail, to }: { name: string; label: string; value: number; detail?: string; to?: string }) {
  const body = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="div" data-count-value>
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary">
          {detail}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" data-count={name}>
      {to ? (
        <CardActionArea component={RouterLink} to={to}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

function Section({ title, children, name }: { title: string; children: ReactNode; name: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-dashboard-section={name}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The budget of the person's department this month: a stacked bar per budget account and the totals. */
function BudgetUsage({ budget }: { budget: Dashboard['budget'] }) {
  const { t } = useTranslation();
  const lines = budget.lines ?? [];
  const title = t('dashboard.budget.title', { department: budget.department || '—', period: budget.period });
  if (lines.length === 0) {
    return (
      <Section title={title} name="budget">
        <Alert severity="info" data-budget="none">
          {t('dashboard.budget.none')}
        </Alert>
      </Section>
    );
  }
  const money = (v: unknown) => toMoney(v) ?? 0;
  const total = budget.total;
  return (
    <Section title={title} name="budget">
      <BarChart
        height={Math.max(180, lines.length * 40 + 80)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: lines.map((l) => l.budgetAccount), width: 100 }]}
        series={[
          { data: lines.map((l) => money(l.consumed)), label: t('dashboard.budget.consumed'), stack: 'use', valueFormatter: (v) => formatMoney(v) },
          { data: lines.map((l) => money(l.occupied)), label: t('dashboard.budget.occupied'), stack: 'use', valueFormatter: (v) => formatMoney(v) },
          { data: lines.map((l) => Math.max(0, money(l.available))), label: t('dashboard.budget.available'), stack: 'use', valueFormatter: (v) => formatMoney(v) },
        ]}
      />
      <Typography variant="body2" data-budget-total>
        {t('dashboard.budget.total', {
          amount: formatMoney(total.amount),
          consumed: formatMoney(total.consumed),
          occupied: formatMoney(total.occupied),
          available: formatMoney(total.available),
        })}
      </Typography>
    </Section>
  );
}

function RecentDocuments({ rows }: { rows: Dashboard['recent'] }) {
  const { t } = useTranslation();
  const list = rows ?? [];
  return (
    <Section title={t('dashboard.recent.title')} name="recent">
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.recent.none')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {(['businessId', 'docType', 'description', 'amount', 'status', 'updatedAt'] as const).map((c) => (
                <TableCell key={c} align={c === 'amount' ? 'right' : 'left'}>
                  {t(`dashboard.recent.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((r) => (
              <TableRow key={r.businessId} data-recent={r.businessId}>
                <TableCell>
                  <Link component={RouterLink} to={documentHref(r.docType, r.businessId)}>
                    {r.businessId}
                  </Link>
                </TableCell>
                <TableCell>{r.docTypeTxt || r.docType}</TableCell>
                <TableCell>{r.description}</TableCell>
                <TableCell align="right">{formatMoney(r.amount)}</TableCell>
                <TableCell>{r.statusTxt || r.status}</TableCell>
                <TableCell>{r.updatedAt}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/** The dashboard's figures: counts (each opening its list where the menu has one), budget usage, recent documents. */
export default function DashboardSummary({ menu, lang }: { menu: MenuNode[]; lang: string }) {
  const { t } = useTranslation();
  const summary = useQuery(dashboardQuery(lang));
  if (summary.isPending) return <LinearProgress sx={{ mb: 3 }} />;
  if (summary.isError) {
    return (
      <Alert severity="error" sx={{ mb: 3 }} data-dashboard-error>
        {t('dashboard.loadFailed', { error: errorText(summary.error) })}
      </Alert>
    );
  }
  const d = summary.data;
  const stamp = Date.now();
  const hrefOf = (match: (n: MenuNode) => boolean) => {
    const entry = entryOf(menu, match);
    return entry ? menuHref(entry, stamp) : undefined;
  };
  const list = (kind: string) => hrefOf((n) => worklistOf(n) === kind);
  return (
    <Box data-dashboard-summary>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5, mb: 3 }}>
        <CountCard name="todo" label={t('dashboard.count.todo')} value={d.todo} to={list('todo')} />
        <CountCard name="drafts" label={t('dashboard.count.drafts')} value={d.drafts} to={list('draft')} />
        <CountCard name="returned" label={t('dashboard.count.returned')} value={d.returned} to={list('returned')} />
        <CountCard
          name="advances"
          label={t('dashboard.count.advances')}
          value={d.advances.count}
          detail={t('dashboard.count.outstanding', { amount: formatMoney(d.advances.outstanding) })}
          to={hrefOf((n) => n.code === 'MY00010')}
        />
      </Box>
      <BudgetUsage budget={d.budget} />
      <RecentDocuments rows={d.recent} />
    </Box>
  );
}

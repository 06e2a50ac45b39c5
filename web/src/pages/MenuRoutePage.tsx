import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { catalogueMenu, findEntry, flatten, menuHref, nodeTitle, type MenuNode } from '../menu/menu';
import { useMenu } from '../menu/useMenu';
import { stripStamp } from '../shell/routeStamp';
import FormListPage from './FormListPage';
import ForbiddenPage from './ForbiddenPage';
import NotFoundPage from './NotFoundPage';
import ProfilePage from './ProfilePage';
import ConfigRoute from '../masterdata/ConfigRoute';
// Its charts (@mui/x-charts) load with it, not with the app: the form's path does without them.
const ReportPage = lazy(() => import('../reports/ReportPage'));
import WorklistPage from '../worklist/WorklistPage';
import { resolveEntry } from '../menu/pages';
import MyAdvancesPage from '../advances/MyAdvancesPage';
import MyInvoicesPage from '../invoices/MyInvoicesPage';
import MyPaymentsPage from '../payments/MyPaymentsPage';
import FinancePaymentsPage from '../payments/FinancePaymentsPage';
import VoucherImportPage from '../vouchers/VoucherImportPage';
import ToConfirmPage from '../personal/ToConfirmPage';
import TripsPage, { type TripsView } from '../personal/TripsPage';
import type { AppPage } from '../menu/pages';

/** The trips page's view of each travel page (schemas/_menu.yaml `page:`). */
const tripViews: Partial<Record<AppPage, TripsView>> = {
  myTrips: 'mine',
  travelSettlement: 'settlement',
  flightTrips: 'flight',
  trainTrips: 'train',
  hotelTrips: 'hotel',
  travelOrders: 'orders',
  preRequests: 'preRequests',
};

/** An app page of the menu map (personal information, my advances, awaiting my confirmation, trips, invoices, payments). */
function AppPageOf({ page, title, shown }: { page: AppPage; title: string; shown?: string }) {
  const view = tripViews[page];
  if (view) return <TripsPage title={title} view={view} />;
  if (page === 'myAdvances') return <MyAdvancesPage title={title} />;
  if (page === 'toConfirm') return <ToConfirmPage title={title} />;
  if (page === 'myInvoices' || page === 'travelInvoices') return <MyInvoicesPage title={title} />;
  if (page === 'paymentState' || page === 'myPayments') return <MyPaymentsPage title={title} withState={page === 'paymentState'} />;
  if (page === 'financePayments') return <FinancePaymentsPage title={title} />;
  if (page === 'voucherImport') return <VoucherImportPage title={title} />;
  return <ProfilePage title={shown} />;
}

/** Whether the route names an entry of the spec's menu (either variant) that this person's menu lacks. */
function inCatalogue(pathname: string, docType: string | null): boolean {
  const all = [...catalogueMenu('current'), ...catalogueMenu('earlier')];
  return findEntry(all, pathname, docType) !== null || flatten(all).some((n) => n.path === pathname);
}

/** A group's own route (/YG): its entries, each opening with a fresh stamp. */
function GroupIndex({ group, title }: { group: MenuNode; title: string }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <Container sx={{ py: 3 }} data-page="menu-group" data-menu-group-page={group.code}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {group.children
          .filter((c) => !c.hidden)
          .map((c) => (
            <Button key={c.path} variant="outlined" onClick={() => navigate(menuHref(c, Date.now()))}>
              {nodeTitle(c, group.path, i18n.language)}
            </Button>
          ))}
      </Box>
    </Container>
  );
}

/**
 * Any route under a menu group, with its version stamp: /YG/BE/1732200000000 or
 * /payables/1732200000000?docType=AA. An entry of the person's menu opens what the server's
 * menu map says (menu/pages.ts): its worklist (draft box, to-do, applications, completed,
 * returned), the generic form-list page of its document type (YG00001: EX02), a new form, its
 * configuration page (ConfigRoute: the master-data catalogue, delegations, a master-data type
 * whose `menu` it is) a page of the app (personal information, my advances, awaiting my confirmation, trips) or a report (ReportPage); an entry of the spec's menu
 * that the person's menu lacks is 403; anything else, or a route nothing opens, is 404.
 */
export default function MenuRoutePage() {
  const menuState = useMenu();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const path = stripStamp(location.pathname);
  const docType = new URLSearchParams(location.search).get('docType');

  if (menuState.pending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} aria-label={t('form.loading')}>
        <CircularProgress />
      </Box>
    );
  }
  const entry = findEntry(menuState.menu, path, docType);
  if (!entry) return inCatalogue(path, docType) ? <ForbiddenPage /> : <NotFoundPage />;
  const group = '/' + (path.split('/')[1] ?? '');
  const title = nodeTitle(entry, group, i18n.language);
  const key = location.pathname + location.search;
  const shown = title === entry.code ? undefined : title;
  const page = resolveEntry(entry);
  switch (page?.kind) {
    case 'group':
      return <GroupIndex group={entry} title={title} />;
    case 'worklist':
      return <WorklistPage key={key} list={page.list} title={shown} />;
    case 'list':
      return <FormListPage key={key} docType={page.docType} subType={page.subType} title={shown} />;
    case 'form':
      return <Navigate replace to={`/form?${new URLSearchParams({ docType: page.docType, action: 'new' })}`} />;
    case 'page':
      return <AppPageOf key={key} page={page.page} title={title} shown={shown} />;
    case 'report':
      return (
        <Suspense fallback={null}>
          <ReportPage key={key} code={page.code} title={shown} />
        </Suspense>
      );
    case 'config':
      return <ConfigRoute key={key} path={path} title={shown} fallback={<NotFoundPage />} />;
  }
  return <NotFoundPage />;
}

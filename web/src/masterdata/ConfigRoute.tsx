import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import DataModifyPage from '../admin/DataModifyPage';
import DataSyncPage from '../admin/DataSyncPage';
import LogsPage from '../admin/LogsPage';
import UsersPage from '../admin/UsersPage';
import BudgetPage from '../budget/BudgetPage';
import ApproverConfigPage from './cfg/ApproverConfigPage';
import DelegationPage from './cfg/DelegationPage';
import DocMaintainPage from '../lists/DocMaintainPage';
import PushLogPage from '../vouchers/PushLogPage';
import VoucherReversalPage from '../vouchers/VoucherReversalPage';
import { configPageOf, fixedConfigPage, type AdminPage, type ConfigPage } from './configPages';
import MasterDataCataloguePage from './MasterDataCataloguePage';
import MasterDataListPage from './MasterDataListPage';
import { typesQuery } from './queries';

function pageElement(page: ConfigPage, title: string | undefined): ReactElement {
  switch (page.kind) {
    case 'catalogue':
      return <MasterDataCataloguePage mode={page.mode} title={title} only={page.areas} />;
    case 'delegations':
      return <DelegationPage title={title} />;
    case 'approvers':
      return <ApproverConfigPage title={title} />;
    case 'budget':
      return <BudgetPage page={page.page} title={title} />;
    case 'docMaintain':
      return <DocMaintainPage title={title} />;
    case 'list':
      return <MasterDataListPage type={page.type.code} title={title} />;
    case 'admin':
      return adminPage(page.page, title);
    case 'vouchers':
      return page.page === 'log' ? <PushLogPage title={title} /> : <VoucherReversalPage title={title} />;
  }
}

function adminPage(page: AdminPage, title: string | undefined): ReactElement {
  switch (page) {
    case 'users':
      return <UsersPage title={title} />;
    case 'logs':
      return <LogsPage title={title} />;
    case 'dataSync':
      return <DataSyncPage title={title} />;
    case 'dataModify':
      return <DataModifyPage title={title} />;
  }
}

export interface ConfigRouteProps {
  /** The route without its version stamp: /cfg/city, /budget/Type, /maintainTravelStandards. */
  path: string;
  /** The menu entry's title, if the route is one. */
  title?: string;
  /** What the route shows when no configuration page is its (the not-found page). */
  fallback: ReactElement;
}

/**
 * A menu entry or hidden route that may be a configuration page: the fixed ones at
 * once, the others once the master-data types are known (a type whose `menu` it is
 * opens its list). Otherwise, or when the types cannot be read, the fallback.
 */
export default function ConfigRoute({ path, title, fallback }: ConfigRouteProps) {
  const { t, i18n } = useTranslation();
  const fixed = fixedConfigPage(path);
  const types = useQuery({ ...typesQuery(i18n.language), enabled: fixed === null });
  if (fixed) return pageElement(fixed, title);
  if (types.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} aria-label={t('form.loading')}>
        <CircularProgress />
      </Box>
    );
  }
  const page = configPageOf(path, types.data);
  return page ? pageElement(page, title) : fallback;
}

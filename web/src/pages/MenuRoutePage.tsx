import { useLocation, useNavigate } from 'react-router-dom';
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
import PlaceholderPage from './PlaceholderPage';
import ConfigRoute from '../masterdata/ConfigRoute';
import ReportPage from '../reports/ReportPage';
import WorklistPage from '../worklist/WorklistPage';
import { worklistOf } from '../worklist/lists';

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
 * /payables/1732200000000?docType=AA. An entry of the person's menu opens its worklist
 * (draft box, to-do, applications, completed, returned), the generic form-list page when
 * it names a document type, its configuration page (the master-data catalogue,
 * delegations, a master-data type whose `menu` it is: ConfigRoute), a report of the report centre
 * or the expense-control reports (ReportPage), and otherwise says
 * its page is not available yet; an entry of the spec's menu that the person's menu lacks is 403;
 * anything else is 404.
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
  if (entry.children.length > 0) return <GroupIndex group={entry} title={title} />;
  const list = worklistOf(entry);
  if (list) return <WorklistPage key={key} list={list} title={title === entry.code ? undefined : title} />;
  if (entry.docType) return <FormListPage key={key} docType={entry.docType} title={title === entry.code ? undefined : title} />;
  if (group === '/rpt' || group === '/fkRpt') return <ReportPage key={key} code={entry.code} title={title === entry.code ? undefined : title} />;
  return <ConfigRoute key={key} path={path} title={title === entry.code ? undefined : title} fallback={<PlaceholderPage name={title} />} />;
}

import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { docTypesQuery } from '../api/queries';
import { useSession } from '../auth/session';
import { useEdition } from '../auth/useEdition';
import { localText } from '../i18n/language';
import { docTypeEntries, menuHref, nodeTitle } from '../menu/menu';
import { useMenu } from '../menu/useMenu';
// Its charts (@mui/x-charts) load with it, not with the app: the form's path does without them.
const DashboardSummary = lazy(() => import('./DashboardSummary'));

/**
 * /Dashboard, the home page: the person's name; their to-do, draft and returned counts,
 * open advances, their department's budget this month and recent documents (one call,
 * DashboardSummary); a shortcut for each document type of their menu (new document, and
 * its list), and an opener for a saved document of those types by business id.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const { user, loginRecord } = useSession();
  const menuState = useMenu();
  const { edition, ready } = useEdition();
  const registry = useQuery({ ...docTypesQuery(lang, edition), enabled: ready });
  const [openType, setOpenType] = useState('');
  const [openId, setOpenId] = useState('');

  const name = user?.empName || user?.nickname || loginRecord?.displayname || user?.username || '';
  // The document types of the person's menu, by menu group and in menu order, as the registry names them.
  const seen = new Set<string>();
  const groups = menuState.menu
    .filter((g) => !g.hidden)
    .map((group) => ({
      group,
      entries: docTypeEntries(group.children).flatMap((entry) => {
        const docType = registry.data?.find((d) => d.docType === entry.docType);
        if (!docType || seen.has(docType.docType)) return [];
        seen.add(docType.docType);
        return [{ entry, docType }];
      }),
    }))
    .filter((g) => g.entries.length > 0);
  const docTypes = groups.flatMap((g) => g.entries.map((e) => e.docType));
  const chosenType = docTypes.some((d) => d.docType === openType) ? openType : '';

  const openExisting = () => {
    if (!chosenType || !openId.trim()) return;
    navigate(`/form?${new URLSearchParams({ docType: chosenType, businessId: openId.trim(), action: 'edit' })}`);
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-page="dashboard">
      <Typography variant="h5" component="h1" sx={{ mb: 3 }} data-dashboard-hello>
        {t('dashboard.hello', { name })}
      </Typography>
      <Suspense fallback={null}>
        <DashboardSummary menu={menuState.menu} lang={lang} />
      </Suspense>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('dashboard.shortcuts')}
      </Typography>
      {(registry.isPending || menuState.pending) && <CircularProgress />}
      {registry.isError && <Alert severity="error">{t('home.loadFailed')}</Alert>}
      {registry.isSuccess && !menuState.pending && docTypes.length === 0 && (
        <Alert severity="info" sx={{ mb: 3 }} data-shortcuts="none">
          {t('dashboard.noShortcuts')}
        </Alert>
      )}
      {groups.map(({ group, entries }) => (
        <Box key={group.path} sx={{ mb: 3 }} data-shortcut-group={group.code}>
          <Typography variant="subtitle1" component="h3" color="text.secondary" sx={{ mb: 1 }}>
            {nodeTitle(group, group.path, lang)}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1.5 }}>
            {entries.map(({ entry, docType }) => (
              <Card key={entry.path} variant="outlined" data-shortcut={docType.docType}>
                <CardContent sx={{ pb: 0.5 }}>
                  <Typography variant="overline" color="text.secondary">
                    {docType.docType}
                  </Typography>
                  <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600 }}>
                    {localText(docType.title, lang)}
                  </Typography>
                </CardContent>
                <CardActions>
                  <Button
                    size="small"
                    variant="contained"
                    component={RouterLink}
                    to={`/form?${new URLSearchParams({ docType: docType.docType, action: 'new' })}`}
                  >
                    {t('dashboard.newDoc')}
                  </Button>
                  <Button size="small" onClick={() => navigate(menuHref(entry, Date.now()))}>
                    {t('dashboard.list')}
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Box>
        </Box>
      ))}
      {docTypes.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
            {t('home.openExisting')}
          </Typography>
          <Box
            component="form"
            sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
            onSubmit={(e) => {
              e.preventDefault();
              openExisting();
            }}
          >
            <TextField select size="small" label={t('home.docType')} value={chosenType} onChange={(e) => setOpenType(e.target.value)} sx={{ minWidth: 220 }}>
              {docTypes.map((d) => (
                <MenuItem key={d.docType} value={d.docType}>
                  {d.docType} {localText(d.title, lang)}
                </MenuItem>
              ))}
            </TextField>
            <TextField size="small" label={t('home.businessId')} value={openId} onChange={(e) => setOpenId(e.target.value)} sx={{ minWidth: 260 }} />
            <Button type="submit" variant="outlined" disabled={!chosenType || !openId.trim()}>
              {t('home.open')}
            </Button>
          </Box>
        </Paper>
      )}
    </Container>
  );
}

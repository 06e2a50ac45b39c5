import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../auth/session';
import type { CurrentUser } from '../api/types';

/** A code with its name (the current user's Txt twin), or the code alone. */
function named(code: string | undefined, name: string | undefined): string {
  if (!code) return '';
  return name && name !== code ? `${code} ${name}` : code;
}

/** The rows of the page, in order: label key and value. */
export function profileRows(user: CurrentUser, none: string): Array<[string, string]> {
  const list = (xs: string[]) => (xs.length > 0 ? xs.join(', ') : none);
  return [
    ['username', user.username],
    ['empName', user.empName],
    ['empNo', user.empNo],
    ['company', named(user.compId, user.compIdTxt)],
    ['companies', list((user.companies ?? []).map((c) => named(c.key, c.value)))],
    ['department', named(user.deptId, user.deptIdTxt)],
    ['costCenter', named(user.costCenter, user.costCenterTxt)],
    ['empLevel', named(user.empLevel, user.empLevelTxt)],
    ['mainJob', named(user.mainJob, user.mainJobTxt)],
    ['busPlate', named(user.busPlate, user.busPlateTxt)],
    ['currency', named(user.currency, user.currencyTxt)],
    ['email', user.email],
    ['phone', user.phone],
    ['roles', list([...new Set((user.userRoles ?? []).map((r) => r.roleId))])],
    ['delegators', list((user.delegators ?? []).map((d) => `${named(d.authorBy, d.authorByTxt)} (${d.activeFrom} – ${d.activeTo})`))],
  ];
}

/**
 * Personal information (MY00011, /main/myInformation): the signed-in user as the server
 * knows them (GET /api/galaxycommon/user/current), codes with their names.
 */
export default function ProfilePage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Container maxWidth="md" sx={{ py: 3 }} data-page="profile">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title ?? t('menus.profile.title')}
      </Typography>
      {user && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 24, rowGap: 8, margin: 0 }}>
            {profileRows(user, t('menus.profile.none')).map(([key, value]) => (
              <div key={key} style={{ display: 'contents' }} data-profile={key}>
                <Typography component="dt" color="text.secondary">
                  {t(`menus.profile.${key}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value || '—'}
                </Typography>
              </div>
            ))}
          </dl>
        </Paper>
      )}
      <Alert severity="info">{t('menus.profile.note')}</Alert>
    </Container>
  );
}

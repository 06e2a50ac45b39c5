import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { localText } from '../i18n/language';
import type { RoleView } from './api';

/** How many menu codes a role's row names before "and N more". */
const SHOWN_MENUS = 12;

/** The menus of a role as its row shows them. */
export function menusText(role: Pick<RoleView, 'allMenus' | 'menus'>, all: string, more: (n: number) => string): string {
  if (role.allMenus) return all;
  const menus = role.menus ?? [];
  const shown = menus.slice(0, SHOWN_MENUS).join(', ');
  return menus.length > SHOWN_MENUS ? `${shown} ${more(menus.length - SHOWN_MENUS)}` : shown;
}

/**
 * The roles and the menus each grants, read-only: roles come from the seeds
 * (seeds/users.yaml); user management gives them to users.
 */
export default function RolesTable({ roles, failure }: { roles: RoleView[] | undefined; failure: string }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {t('admin.role.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('admin.role.readOnly')}
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Paper variant="outlined">
        <Table size="small" data-admin-table="roles">
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.role.id')}</TableCell>
              <TableCell>{t('admin.role.name')}</TableCell>
              <TableCell>{t('admin.role.scope')}</TableCell>
              <TableCell>{t('admin.role.menus')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(roles ?? []).map((r) => (
              <TableRow key={r.id} data-row={r.id}>
                <TableCell>{r.id}</TableCell>
                <TableCell>{localText(r.title, i18n.language)}</TableCell>
                <TableCell>{t(`admin.role.scopes.${r.documentScope}`, { defaultValue: r.documentScope })}</TableCell>
                <TableCell sx={{ maxWidth: 560 }}>{menusText(r, t('admin.role.allMenus'), (n) => t('admin.role.more', { count: n }))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}

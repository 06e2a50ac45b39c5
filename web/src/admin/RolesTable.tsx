import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import { errorText } from '../api/client';
import { menuTreeQuery } from '../api/queries';
import { localText } from '../i18n/language';
import ConfigDialog from '../masterdata/cfg/ConfigDialog';
import { nodeTitle, normalizeMenuTree, type MenuNode } from '../menu/menu';
import { deleteRole, refusedField, saveRole, type RoleView } from './api';
import { DOCUMENT_SCOPES, draftOfRole, groupState, newRoleDraft, roleInputOf, toggleMenu, type RoleDraft } from './roleDraft';

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
 * The roles tab of user management: every role with its document scope, menus and
 * holders; an administrator adds a role, changes its title, scope and menus (picked in
 * the menu tree) and deletes a role no user holds. The server checks every change.
 */
export default function RolesTable({ roles, failure }: { roles: RoleView[] | undefined; failure: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<RoleDraft | null>(null);
  const [deleting, setDeleting] = useState<RoleView | null>(null);
  const [notice, setNotice] = useState('');
  const remove = useMutation({
    mutationFn: (id: string) => deleteRole(id),
    onSuccess: (_, id) => {
      void client.invalidateQueries({ queryKey: ['admin', 'roles'] });
      setDeleting(null);
      setNotice(t('admin.role.deleted', { id }));
    },
  });
  return (
    <Box data-page="admin-roles">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t('admin.role.hint')}
        </Typography>
        <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setDraft(newRoleDraft())} data-action="role-new">
          {t('admin.role.new')}
        </Button>
      </Box>
      {failure && <Alert severity="error">{failure}</Alert>}
      {notice && (
        <Alert severity="success" sx={{ mb: 1 }} onClose={() => setNotice('')} data-notice="admin-roles">
          {notice}
        </Alert>
      )}
      <Paper variant="outlined">
        <Table size="small" data-admin-table="roles" data-loaded={roles ? 'true' : 'false'}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.role.id')}</TableCell>
              <TableCell>{t('admin.role.name')}</TableCell>
              <TableCell>{t('admin.role.scope')}</TableCell>
              <TableCell>{t('admin.role.menus')}</TableCell>
              <TableCell>{t('admin.role.holders')}</TableCell>
              <TableCell>{t('md.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(roles ?? []).map((r) => (
              <TableRow key={r.id} data-row={r.id}>
                <TableCell>{r.id}</TableCell>
                <TableCell>{localText(r.title, i18n.language)}</TableCell>
                <TableCell>{t(`admin.role.scopes.${r.documentScope}`, { defaultValue: r.documentScope })}</TableCell>
                <TableCell sx={{ maxWidth: 480 }}>{menusText(r, t('admin.role.allMenus'), (n) => t('admin.role.more', { count: n }))}</TableCell>
                <TableCell data-cell="holders">{(r.holders ?? []).length}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setDraft(draftOfRole(r))} data-row-action="edit">
                    {t('md.list.edit')}
                  </Button>
                  <Button size="small" color="error" onClick={() => { remove.reset(); setDeleting(r); }} data-row-action="delete">
                    {t('admin.role.delete')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {draft && <RoleDialog draft={draft} onClose={() => setDraft(null)} onSaved={(r) => setNotice(t('admin.role.saved', { id: r.id }))} />}
      {deleting && (
        <Dialog open onClose={() => setDeleting(null)} data-dialog="admin-role-delete">
          <DialogTitle>{t('admin.role.deleteTitle', { id: deleting.id })}</DialogTitle>
          <DialogContent>
            {remove.isError && (
              <Alert severity="error" sx={{ mb: 2 }} data-error="admin-role-delete">
                {errorText(remove.error)}
              </Alert>
            )}
            <Typography variant="body2">{t('admin.role.deleteHint')}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)}>{t('md.record.cancel')}</Button>
            <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => remove.mutate(deleting.id)} data-action="role-delete">
              {t('admin.role.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}

/** Creates or changes a role; the menus are picked in the menu tree; a refusal shows with its field marked. */
function RoleDialog({ draft: initial, onClose, onSaved }: { draft: RoleDraft; onClose: () => void; onSaved: (r: RoleView) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const menu = useQuery(menuTreeQuery());
  const tree = normalizeMenuTree(menu.data);
  const [d, setD] = useState(initial);
  const [failure, setFailure] = useState('');
  const [field, setField] = useState('');
  const save = useMutation({
    mutationFn: () => saveRole(d.existing, roleInputOf(d, tree)),
    onSuccess: (r) => {
      void client.invalidateQueries({ queryKey: ['admin', 'roles'] });
      onSaved(r);
      onClose();
    },
    onError: (e) => {
      setFailure(errorText(e));
      setField(refusedField(e));
    },
  });
  const change = (part: Partial<RoleDraft>) => setD((x) => ({ ...x, ...part }));
  const title = (lang: 'zh' | 'en' | 'th') => (
    <TextField id={`role-title-${lang}`} label={t(`admin.role.title_${lang}`)} required={lang === 'zh'} value={d.title[lang]} error={field === `title.${lang}`}
      onChange={(e) => change({ title: { ...d.title, [lang]: e.target.value } })} />
  );
  return (
    <ConfigDialog name="admin-role" title={d.existing ? t('admin.role.edit', { id: d.existing }) : t('admin.role.new')} failure={failure} busy={save.isPending} onCancel={onClose} onSave={() => save.mutate()}>
      <TextField id="role-id" label={t('admin.role.id')} required disabled={d.existing !== null} value={d.id} error={field === 'id'} helperText={t('admin.role.idHint')} onChange={(e) => change({ id: e.target.value })} />
      {title('zh')}
      {title('en')}
      {title('th')}
      <TextField id="role-scope" select label={t('admin.role.scope')} value={d.documentScope} error={field === 'documentScope'} onChange={(e) => change({ documentScope: e.target.value })}>
        {DOCUMENT_SCOPES.map((s) => (
          <MenuItem key={s} value={s} data-value={s}>
            {t(`admin.role.scopes.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel control={<Switch id="role-allMenus" checked={d.allMenus} onChange={(e) => change({ allMenus: e.target.checked })} />} label={t('admin.role.allMenus')} />
      {!d.allMenus && (
        <MenuPicker tree={tree} ticked={d.menus} error={field === 'menus' || field.startsWith('menus[') || field.startsWith('except[')} loading={menu.isLoading}
          onChange={(menus) => change({ menus })} />
      )}
    </ConfigDialog>
  );
}

/** The menu tree with a box per group and item: a group ticks all its items. */
function MenuPicker({ tree, ticked, error, loading, onChange }: { tree: MenuNode[]; ticked: string[]; error: boolean; loading: boolean; onChange: (menus: string[]) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Box data-menu-picker sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, p: 1, maxHeight: 360, overflow: 'auto' }}>
      <Typography variant="subtitle2">{t('admin.role.menus')}</Typography>
      {loading && <Typography variant="body2">{t('admin.role.loadingMenus')}</Typography>}
      {tree.map((g) => {
        const state = groupState(g, ticked);
        return (
          <Box key={g.code} data-menu-group={g.code}>
            <FormControlLabel
              control={<Checkbox size="small" checked={state === 'all'} indeterminate={state === 'some'} onChange={(e) => onChange(toggleMenu(tree, ticked, g.code, e.target.checked))} data-menu={g.code} />}
              label={`${nodeTitle(g, g.path, i18n.language)} (${g.code})`}
            />
            <Box sx={{ pl: 3, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
              {g.children.map((i) => (
                <FormControlLabel
                  key={i.code}
                  control={<Checkbox size="small" checked={ticked.includes(i.code)} onChange={(e) => onChange(toggleMenu(tree, ticked, i.code, e.target.checked))} data-menu={i.code} />}
                  label={`${nodeTitle(i, g.path, i18n.language)} (${i.code})`}
                />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import { errorText } from '../api/client';
import { localText } from '../i18n/language';
import ConfigDialog from '../masterdata/cfg/ConfigDialog';
import { useDebounced } from '../masterdata/useDebounced';
import { refusedField, resetPassword, rolesQuery, saveUser, usersQuery, type Account, type RoleView } from './api';
import PagedTable, { type Column } from './PagedTable';
import RolesTable from './RolesTable';
import { draftOf, inputOf, newUserDraft, type UserDraft } from './userDraft';

/**
 * User management (userManage): the users, searched and paged by the server, each with
 * roles and companies; an administrator creates and changes users and sets a new
 * password (typed twice; the user's sessions end). No screen shows a password. The
 * roles tab lists, adds, changes and deletes roles.
 */
export default function UsersPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'users' | 'roles'>('users');
  const roles = useQuery(rolesQuery());
  const tabs = (
    <Tabs value={tab} onChange={(_, v: 'users' | 'roles') => setTab(v)} sx={{ mb: 2 }}>
      <Tab value="users" label={t('admin.user.tab')} data-tab="users" />
      <Tab value="roles" label={t('admin.role.title')} data-tab="roles" />
    </Tabs>
  );
  if (tab === 'users') return <UsersTab title={title || t('admin.user.title')} tabs={tabs} roles={roles.data} />;
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="admin-users-roles">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title || t('admin.user.title')}
      </Typography>
      {tabs}
      <RolesTable roles={roles.data} failure={roles.isError ? errorText(roles.error) : ''} />
    </Container>
  );
}

/** The users tab: the users, searched and paged by the server. */
function UsersTab({ title, tabs, roles }: { title: string; tabs: ReactNode; roles: RoleView[] | undefined }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [role, setRole] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const q = useDebounced(search, 300);
  const list = useQuery(usersQuery({ q, status, role, ...paging }));
  const [draft, setDraft] = useState<UserDraft | null>(null);
  const [resetFor, setResetFor] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const roleTitle = (id: string) => localText(roles?.find((r) => r.id === id)?.title, i18n.language) || id;

  const columns: Column<Account>[] = [
    { key: 'username', title: t('admin.user.username'), render: (u) => u.username },
    { key: 'empName', title: t('admin.user.empName'), render: (u) => u.empName },
    { key: 'empId', title: t('admin.user.empId'), render: (u) => u.empId },
    { key: 'compId', title: t('admin.user.compId'), render: (u) => (u.companies ?? []).join(', ') },
    { key: 'roles', title: t('admin.user.roles'), render: (u) => (u.roles ?? []).map((r) => <Chip key={r} size="small" sx={{ mr: 0.5 }} label={roleTitle(r)} data-role={r} />) },
    { key: 'active', title: t('admin.user.status'), render: (u) => <Chip size="small" color={u.active ? 'success' : 'default'} label={u.active ? t('md.active.yes') : t('md.active.no')} /> },
    { key: 'password', title: t('admin.user.password'), render: (u) => (u.hasPassword ? t('admin.user.passwordSet') : t('admin.user.passwordNone')) },
    {
      key: 'actions',
      title: t('md.columns.actions'),
      render: (u) => (
        <>
          <Button size="small" onClick={() => setDraft(draftOf(u))} data-row-action="edit">
            {t('md.list.edit')}
          </Button>
          <Button size="small" color="warning" onClick={() => setResetFor(u.username)} data-row-action="reset-password">
            {t('admin.user.resetPassword')}
          </Button>
        </>
      ),
    },
  ];

  const filters = (
    <>
      <TextField id="admin-user-search" size="small" sx={{ minWidth: 260 }} label={t('admin.user.search')} value={search} onChange={(e) => { setSearch(e.target.value); setPaging((p) => ({ ...p, page: 1 })); }} />
      <TextField id="admin-user-status" select size="small" sx={{ minWidth: 140 }} label={t('admin.user.status')} value={status} onChange={(e) => { setStatus(e.target.value); setPaging((p) => ({ ...p, page: 1 })); }}>
        <MenuItem value="">{t('md.list.activeAll')}</MenuItem>
        <MenuItem value="1">{t('md.active.yes')}</MenuItem>
        <MenuItem value="0">{t('md.active.no')}</MenuItem>
      </TextField>
      <TextField id="admin-user-role" select size="small" sx={{ minWidth: 180 }} label={t('admin.user.role')} value={role} onChange={(e) => { setRole(e.target.value); setPaging((p) => ({ ...p, page: 1 })); }}>
        <MenuItem value="">{t('md.list.activeAll')}</MenuItem>
        {(roles ?? []).map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {roleTitle(r.id)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );

  return (
    <PagedTable
      page="admin-users"
      title={title}
      tabs={tabs}
      actions={
        <Button variant="contained" startIcon={<AddCircleOutline />} onClick={() => setDraft(newUserDraft())} data-action="user-new">
          {t('admin.user.new')}
        </Button>
      }
      filters={filters}
      columns={columns}
      rows={list.data?.rows}
      rowKey={(u) => u.username}
      loading={list.isFetching}
      failure={list.isError ? errorText(list.error) : ''}
      paging={{ ...paging, total: list.data?.total ?? 0, onChange: (page, pageSize) => setPaging({ page, pageSize }) }}
    >
      {notice && (
        <Alert severity="success" sx={{ mt: 2 }} onClose={() => setNotice('')} data-notice="admin-users">
          {notice}
        </Alert>
      )}
      {draft && <UserDialog draft={draft} roles={roles ?? []} onClose={() => setDraft(null)} onSaved={(u) => setNotice(t('admin.user.saved', { username: u.username }))} />}
      {resetFor && <PasswordDialog username={resetFor} onClose={() => setResetFor(null)} onDone={() => setNotice(t('admin.user.passwordReset', { username: resetFor }))} />}
    </PagedTable>
  );
}

interface UserDialogProps {
  draft: UserDraft;
  roles: RoleView[];
  onClose: () => void;
  onSaved: (u: Account) => void;
}

/** Creates or changes a user; a refusal shows with its field marked. */
function UserDialog({ draft: initial, roles, onClose, onSaved }: UserDialogProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [d, setD] = useState(initial);
  const [failure, setFailure] = useState('');
  const [field, setField] = useState('');
  const save = useMutation({
    mutationFn: () => saveUser(d.existing, inputOf(d)),
    onSuccess: (u) => {
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
      onSaved(u);
      onClose();
    },
    onError: (e) => {
      setFailure(errorText(e));
      setField(refusedField(e));
      // changed meanwhile (409 at version): the list reloads, the user opens the new version
      if (refusedField(e) === 'version') void client.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
  const change = (part: Partial<UserDraft>) => setD((x) => ({ ...x, ...part }));
  const text = (name: keyof UserDraft & string, path: string, required = false, disabled = false) => (
    <TextField
      id={`user-${name}`}
      label={t(`admin.user.${name}`)}
      value={d[name] as string}
      required={required}
      disabled={disabled}
      error={field === path || field.startsWith(`${path}[`)}
      onChange={(e) => change({ [name]: e.target.value } as Partial<UserDraft>)}
    />
  );
  return (
    <ConfigDialog name="admin-user" title={d.existing ? t('admin.user.edit', { username: d.existing }) : t('admin.user.new')} failure={failure} busy={save.isPending} onCancel={onClose} onSave={() => save.mutate()}>
      {text('username', 'username', true, d.existing !== null)}
      {text('empName', 'empName', true)}
      {text('empId', 'empId')}
      {text('email', 'email')}
      {text('phone', 'phone')}
      {text('compId', 'compId', true)}
      {text('deptId', 'deptId')}
      {text('costCenter', 'costCenter')}
      <TextField id="user-companies" label={t('admin.user.companies')} helperText={t('admin.user.companiesHint')} value={d.companies} error={field.startsWith('companies')} onChange={(e) => change({ companies: e.target.value })} />
      <TextField
        id="user-roles"
        select
        label={t('admin.user.roles')}
        required
        error={field.startsWith('roles')}
        value={d.roles}
        slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).join(', ') } }}
        onChange={(e) => change({ roles: typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]) })}
      >
        {roles.map((r) => (
          <MenuItem key={r.id} value={r.id} data-value={r.id}>
            <Checkbox size="small" checked={d.roles.includes(r.id)} />
            <ListItemText primary={`${r.id} ${localText(r.title, i18n.language)}`} />
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel control={<Switch id="user-active" checked={d.active} onChange={(e) => change({ active: e.target.checked })} />} label={t('admin.user.active')} />
      {d.existing === null && (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('admin.user.firstPasswordHint')}
          </Typography>
          <TextField id="user-password" type="password" autoComplete="new-password" label={t('admin.user.newPassword')} value={d.password} error={field === 'password'} onChange={(e) => change({ password: e.target.value })} />
          <TextField id="user-passwordConfirm" type="password" autoComplete="new-password" label={t('admin.user.confirmPassword')} value={d.passwordConfirm} error={field === 'passwordConfirm'} onChange={(e) => change({ passwordConfirm: e.target.value })} />
        </>
      )}
    </ConfigDialog>
  );
}

/** Sets a user's new password, typed twice; the fields are cleared whatever the answer. */
function PasswordDialog({ username, onClose, onDone }: { username: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [failure, setFailure] = useState('');
  const [field, setField] = useState('');
  const reset = useMutation({
    mutationFn: () => resetPassword(username, { password, passwordConfirm: confirm }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
      onDone();
      onClose();
    },
    onError: (e) => {
      setFailure(errorText(e));
      setField(refusedField(e));
      setPassword('');
      setConfirm('');
    },
  });
  return (
    <ConfigDialog name="admin-password" title={t('admin.user.resetTitle', { username })} failure={failure} busy={reset.isPending} onCancel={onClose} onSave={() => reset.mutate()}>
      <Typography variant="body2" color="text.secondary">
        {t('admin.user.resetHint')}
      </Typography>
      <TextField id="reset-password" type="password" autoComplete="new-password" required label={t('admin.user.newPassword')} value={password} error={field === 'password'} onChange={(e) => setPassword(e.target.value)} />
      <TextField id="reset-passwordConfirm" type="password" autoComplete="new-password" required label={t('admin.user.confirmPassword')} value={confirm} error={field === 'passwordConfirm'} onChange={(e) => setConfirm(e.target.value)} />
    </ConfigDialog>
  );
}

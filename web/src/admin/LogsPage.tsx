import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { errorText } from '../api/client';
import { DateInput } from '../widgets/date/DateInput';
import { useDebounced } from '../masterdata/useDebounced';
import { LOG_KINDS, logsQuery, type LogEntry, type LogQuery } from './api';
import PagedTable, { type Column } from './PagedTable';
import { formatTime } from './time';

const kindColor: Record<string, 'default' | 'error' | 'warning' | 'info' | 'success' | 'primary'> = {
  signin: 'success',
  signinFailure: 'warning',
  lockout: 'error',
  user: 'primary',
  document: 'info',
  masterdata: 'default',
};

/**
 * The log query (logQuery): what the server records, newest first: sign-ins, sign-in
 * failures and lockouts, user administration, document transitions and master-data
 * changes; filtered by kind, user, days and text, paged by the server.
 */
export default function LogsPage({ title }: { title?: string }) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState({ kind: '', user: '', from: '', to: '', q: '' });
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const settled = useDebounced(filters, 300);
  const query: LogQuery = { ...settled, ...paging };
  const logs = useQuery(logsQuery(query));
  const set = (part: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...part }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const columns: Column<LogEntry>[] = [
    { key: 'at', title: t('admin.log.at'), render: (e) => formatTime(e.at, i18n.language) },
    { key: 'kind', title: t('admin.log.kind'), render: (e) => <Chip size="small" color={kindColor[e.kind] ?? 'default'} label={t(`admin.log.kinds.${e.kind}`, { defaultValue: e.kind })} data-kind={e.kind} /> },
    { key: 'user', title: t('admin.log.user'), render: (e) => e.user },
    { key: 'subject', title: t('admin.log.subject'), render: (e) => e.subject },
    { key: 'action', title: t('admin.log.action'), render: (e) => t(`admin.log.actions.${e.action}`, { defaultValue: e.action }) },
    { key: 'detail', title: t('admin.log.detail'), render: (e) => e.detail },
  ];
  const filterBar = (
    <>
      <TextField id="log-kind" select size="small" sx={{ minWidth: 180 }} label={t('admin.log.kind')} value={filters.kind} onChange={(e) => set({ kind: e.target.value })}>
        <MenuItem value="">{t('md.list.activeAll')}</MenuItem>
        {LOG_KINDS.map((k) => (
          <MenuItem key={k} value={k} data-value={k}>
            {t(`admin.log.kinds.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField id="log-user" size="small" label={t('admin.log.user')} value={filters.user} onChange={(e) => set({ user: e.target.value })} />
      <DateInput id="log-from" size="small" label={t('admin.log.from')} value={filters.from} onChange={(v) => set({ from: v ?? '' })} />
      <DateInput id="log-to" size="small" label={t('admin.log.to')} value={filters.to} onChange={(v) => set({ to: v ?? '' })} />
      <TextField id="log-q" size="small" sx={{ minWidth: 240 }} label={t('admin.log.search')} value={filters.q} onChange={(e) => set({ q: e.target.value })} />
    </>
  );
  return (
    <PagedTable
      page="admin-logs"
      title={title || t('admin.log.title')}
      filters={filterBar}
      columns={columns}
      rows={logs.data?.rows}
      rowKey={(e, i) => `${e.at}/${e.kind}/${e.subject}/${i}`}
      loading={logs.isFetching}
      failure={logs.isError ? errorText(logs.error) : ''}
      paging={{ ...paging, total: logs.data?.total ?? 0, onChange: (page, pageSize) => setPaging({ page, pageSize }) }}
    />
  );
}

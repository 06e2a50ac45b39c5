import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { errorText } from '../api/client';
import { localText } from '../i18n/language';
import { typesQuery } from '../masterdata/queries';
import { useDebounced } from '../masterdata/useDebounced';
import { changesQuery, valueText, type MasterDataChange } from './api';
import PagedTable, { type Column } from './PagedTable';
import { formatTime } from './time';

/**
 * Data modification (dataModify): every change of master data across the types, newest
 * first (who changed which record of which type, and each field before and after);
 * read-only, filtered by type and key, paged by the server.
 */
export default function DataModifyPage({ title }: { title?: string }) {
  const { t, i18n } = useTranslation();
  const types = useQuery(typesQuery(i18n.language));
  const [type, setType] = useState('');
  const [key, setKey] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const settledKey = useDebounced(key, 300);
  const changes = useQuery(changesQuery({ type, key: settledKey, ...paging }));
  const columns: Column<MasterDataChange>[] = [
    { key: 'at', title: t('admin.log.at'), render: (c) => formatTime(c.at, i18n.language) },
    { key: 'type', title: t('admin.change.type'), render: (c) => `${localText(c.title, i18n.language) || c.type} (${c.type})` },
    { key: 'key', title: t('admin.change.key'), render: (c) => c.key },
    { key: 'action', title: t('admin.log.action'), render: (c) => t(`admin.log.actions.${c.action}`, { defaultValue: c.action }) },
    { key: 'by', title: t('admin.log.user'), render: (c) => c.by },
    {
      key: 'changes',
      title: t('admin.change.fields'),
      render: (c) => (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {(c.changes ?? []).map((f) => (
            <li key={f.field} data-field={f.field}>
              <b>{f.field}</b>: {valueText(f.before, i18n.language) || '∅'} → {valueText(f.after, i18n.language) || '∅'}
            </li>
          ))}
        </Box>
      ),
    },
  ];
  const filters = (
    <>
      <TextField id="change-type" select size="small" sx={{ minWidth: 240 }} label={t('admin.change.type')} value={type} onChange={(e) => { setType(e.target.value); setPaging((p) => ({ ...p, page: 1 })); }}>
        <MenuItem value="">{t('md.list.activeAll')}</MenuItem>
        {(types.data ?? []).map((ty) => (
          <MenuItem key={ty.code} value={ty.code} data-value={ty.code}>
            {ty.title} ({ty.code})
          </MenuItem>
        ))}
      </TextField>
      <TextField id="change-key" size="small" label={t('admin.change.key')} value={key} onChange={(e) => { setKey(e.target.value); setPaging((p) => ({ ...p, page: 1 })); }} />
    </>
  );
  return (
    <PagedTable
      page="admin-changes"
      title={title || t('admin.change.title')}
      filters={filters}
      columns={columns}
      rows={changes.data?.rows}
      rowKey={(c) => String(c.id)}
      loading={changes.isFetching}
      failure={changes.isError ? errorText(changes.error) : ''}
      paging={{ ...paging, total: changes.data?.total ?? 0, onChange: (page, pageSize) => setPaging({ page, pageSize }) }}
    />
  );
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { errorText } from '../api/client';
import { localText } from '../i18n/language';
import { downloadExport } from '../masterdata/api';
import ImportDialog from '../masterdata/ImportDialog';
import { typesQuery } from '../masterdata/queries';
import { saveFile } from '../masterdata/saveFile';
import { boardQuery, type BoardRow } from './api';
import PagedTable, { type Column } from './PagedTable';
import { formatTime } from './time';

/**
 * Master-data sync (dataSync): every master-data type with its records, active records,
 * revision and last change, and per type the spreadsheet export and the import (all or
 * nothing, every bad row named): how a finance administrator loads the HR and ERP files.
 */
export default function DataSyncPage({ title }: { title?: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const board = useQuery(boardQuery());
  const types = useQuery(typesQuery(i18n.language));
  const [importing, setImporting] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const importType = types.data?.find((ty) => ty.code === importing);
  const exportOf = async (code: string) => {
    setFailure('');
    try {
      saveFile(await downloadExport(code), `${code}.xlsx`);
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  const columns: Column<BoardRow>[] = [
    {
      key: 'type',
      title: t('admin.change.type'),
      render: (r) => (r.menu ? <Link component={RouterLink} to={r.menu}>{localText(r.title, i18n.language)}</Link> : localText(r.title, i18n.language)),
    },
    { key: 'code', title: t('admin.sync.code'), render: (r) => r.code },
    { key: 'area', title: t('admin.sync.area'), render: (r) => t(`admin.sync.areas.${r.area}`, { defaultValue: r.area }) },
    { key: 'records', title: t('admin.sync.records'), render: (r) => r.records },
    { key: 'active', title: t('admin.sync.active'), render: (r) => r.active },
    { key: 'revision', title: t('admin.sync.revision'), render: (r) => r.revision },
    { key: 'last', title: t('admin.sync.lastChange'), render: (r) => (r.lastAt ? `${formatTime(r.lastAt, i18n.language)} ${r.lastBy ?? ''}` : '') },
    {
      key: 'actions',
      title: t('md.columns.actions'),
      render: (r) => (
        <>
          <Button size="small" onClick={() => void exportOf(r.code)} data-row-action="export">
            {t('md.list.export')}
          </Button>
          {r.canWrite && (
            <Button size="small" onClick={() => setImporting(r.code)} disabled={!types.data} data-row-action="import">
              {t('md.list.import')}
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <PagedTable
      page="admin-sync"
      title={title || t('admin.sync.title')}
      columns={columns}
      rows={board.data}
      rowKey={(r) => r.code}
      loading={board.isFetching}
      failure={board.isError ? errorText(board.error) : failure}
    >
      {importType && (
        <ImportDialog
          type={importType}
          onClose={() => {
            setImporting(null);
            void client.invalidateQueries({ queryKey: ['admin', 'board'] });
          }}
        />
      )}
    </PagedTable>
  );
}

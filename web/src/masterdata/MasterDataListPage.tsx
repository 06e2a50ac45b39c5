import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { errorText } from '../api/client';
import { useSessionMaybe } from '../auth/session';
import { downloadExport, isStale, type MasterRecord } from './api';
import { recordColumns } from './columns';
import DeactivateDialog from './DeactivateDialog';
import ImportDialog from './ImportDialog';
import ListToolbar from './ListToolbar';
import { rememberNames } from './names';
import { masksAny } from './mask';
import { recordFormQuery, recordQuery, useDeactivateRecord, useMasterDataType } from './queries';
import RecordDialog from './RecordDialog';
import RecordTable from './RecordTable';
import { saveFile } from './saveFile';
import { PAGE_SIZES, useRecordList } from './useRecordList';

export interface MasterDataListPageProps {
  /** The master-data type's code. */
  type: string;
  /** The menu entry's title, when the page was opened from the menu. */
  title?: string;
}

type Notice = { severity: 'success' | 'error'; message: string };

/**
 * The list of one master-data type: search, company and active filters, sortable
 * columns, paging, export and import; writers add, edit and deactivate records in a
 * dialog rendering the type's form.
 */
export default function MasterDataListPage({ type: code, title }: MasterDataListPageProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const client = useQueryClient();
  const company = useSessionMaybe()?.company ?? '';
  const { types, type } = useMasterDataType(code);
  const form = useQuery({ ...recordFormQuery(code, lang), enabled: Boolean(type) });
  const list = useRecordList(type ? code : '');
  const columns = useMemo(() => (type ? recordColumns(type, form.data?.schema, form.data?.uiSchema) : []), [type, form.data]);
  const [editing, setEditing] = useState<{ record: MasterRecord | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [deactivating, setDeactivating] = useState<MasterRecord | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const deactivate = useDeactivateRecord(code);
  const page = list.records.data;

  /** Opens a record's dialog: a writer of a type with masked fields edits the record as stored (whole), not the list's masked row. */
  const openRecord = async (record: MasterRecord) => {
    if (!type?.canWrite || !masksAny(form.data?.uiSchema)) {
      setEditing({ record });
      return;
    }
    try {
      setEditing({ record: await client.fetchQuery({ ...recordQuery(code, record.key, lang), staleTime: 0 }) });
    } catch (error) {
      setNotice({ severity: 'error', message: errorText(error) });
    }
  };

  // The names of listed records are known: pickers and read mode of this type ask nothing more.
  useEffect(() => {
    if (page) rememberNames(client, code, lang, page.rows);
  }, [page, client, code, lang]);

  if (types.isPending) return <LinearProgress />;
  if (!type) {
    return (
      <Container sx={{ py: 3 }}>
        <Alert severity="error" data-error={types.isError ? 'md-types' : 'unknown-type'}>
          {types.isError ? `${t('md.list.typesFailed')}: ${errorText(types.error)}` : t('md.list.unknownType', { type: code })}
        </Alert>
      </Container>
    );
  }

  const exportFile = async () => {
    try {
      saveFile(await downloadExport(code), `${code}.xlsx`);
    } catch (error) {
      setNotice({ severity: 'error', message: errorText(error) });
    }
  };

  const confirmDeactivate = async (record: MasterRecord) => {
    try {
      const done = await deactivate.mutateAsync({ key: record.key, version: record.version });
      setNotice({ severity: 'success', message: done.removed ? t('md.deactivate.removed', { key: record.key }) : t('md.deactivate.deactivated', { key: record.key }) });
    } catch (error) {
      setNotice({ severity: 'error', message: isStale(error) ? t('md.record.stale') : errorText(error) });
    }
    setDeactivating(null);
  };

  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="md-list" data-md-type={code}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-list-title>
          {title || type.title}
        </Typography>
        {type.canWrite && (
          <Button variant="contained" startIcon={<AddCircleOutline />} disabled={!form.data} onClick={() => setEditing({ record: null })} data-action="md-new">
            {t('md.list.new')}
          </Button>
        )}
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportFile()} data-action="md-export">
          {t('md.list.export')}
        </Button>
        {type.canWrite && (
          <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setImporting(true)} data-action="md-import">
            {t('md.list.import')}
          </Button>
        )}
      </Box>
      <ListToolbar filters={list.filters} scoped={type.scope === 'company'} onChange={list.setFilters} />
      {list.records.isError && (
        <Alert severity="error" sx={{ mb: 2 }} data-error="md-records">
          {`${t('md.list.loadFailed')}: ${errorText(list.records.error)}`}
        </Alert>
      )}
      {form.isError && (
        <Alert severity="error" sx={{ mb: 2 }} data-error="md-form">
          {`${t('md.list.formFailed')}: ${errorText(form.error)}`}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {list.records.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <RecordTable
          columns={columns}
          schema={form.data?.schema}
          rows={page?.rows ?? []}
          sort={list.sort}
          onSort={list.setSort}
          canWrite={type.canWrite}
          loaded={list.records.isSuccess && !list.records.isPlaceholderData}
          onOpen={(record) => form.data && void openRecord(record)}
          onDeactivate={setDeactivating}
        />
        <TablePagination
          component="div"
          count={page?.total ?? 0}
          page={Math.max(0, Math.min(list.page - 1, Math.ceil((page?.total ?? 0) / list.pageSize) - 1))}
          rowsPerPage={list.pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          labelRowsPerPage={t('worklist.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('worklist.displayed', { from, to, count })}
          getItemAriaLabel={(kind) => t(`worklist.pageLabels.${kind}`)}
          showFirstButton
          showLastButton
          onPageChange={(_, p) => list.setPage(p + 1)}
          onRowsPerPageChange={(e) => list.setPageSize(Number(e.target.value))}
          data-md-pagination
        />
      </Paper>
      {editing && form.data && (
        <RecordDialog
          type={type}
          form={form.data}
          record={editing.record}
          readOnly={!type.canWrite}
          company={company}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setNotice({ severity: 'success', message: t('md.record.saved', { key: saved.key }) });
          }}
        />
      )}
      {importing && <ImportDialog type={type} schema={form.data?.schema} onClose={() => setImporting(false)} />}
      <DeactivateDialog record={deactivating} busy={deactivate.isPending} onCancel={() => setDeactivating(null)} onConfirm={(r) => void confirmDeactivate(r)} />
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity={notice?.severity ?? 'success'} variant="filled" onClose={() => setNotice(null)} data-notice="md">
          {notice?.message}
        </Alert>
      </Snackbar>
    </Container>
  );
}

import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ApiError, errorText } from '../api/client';
import { completeTask, recallDocument, type TaskResult } from '../api/process';
import { docTypesQuery, worklistQuery } from '../api/queries';
import type { QuickRange, WorklistItem, WorklistKind } from '../api/worklist';
import { useEdition } from '../auth/useEdition';
import { localText } from '../i18n/language';
import CommentDialog from '../process/CommentDialog';
import { statusColor } from '../process/ProcessHistory';
import { formatMoney } from '../widgets/money/money';
import { formHrefOf } from './lists';
import { buildWorklistQuery, emptyFilters, firstPage, pageSizes, withQuickRange, type Paging, type WorklistFilters } from './query';
import WorklistFilterBar from './WorklistFilterBar';

export interface WorklistPageProps {
  list: WorklistKind;
  /** The menu entry's title; default the list's own. */
  title?: string;
}

/** The 0-based page TablePagination shows, within the pages there are. */
function pageIndex(currentPage: number, total: number, pageSize: number): number {
  const last = Math.max(0, Math.ceil(total / Math.max(1, pageSize)) - 1);
  return Math.min(Math.max(0, currentPage - 1), last);
}

type Column = { key: string; render: (item: WorklistItem) => ReactNode; align?: 'right'; label?: string };

/**
 * A worklist: draft box, my to-do, my applications, my completed, my returned documents
 * (with the rejection reason) or my documents to recall (POST
 * /api/galaxyform/worklist/query), with filters, quick date ranges and paging (10 a page,
 * page 1). A document opens in the form in the mode its list implies; from the to-do
 * list an approver approves or rejects with a comment, from the recall list the owner
 * recalls a document nobody decided on yet.
 */
export default function WorklistPage({ list, title }: WorklistPageProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const { edition, ready } = useEdition();
  const registry = useQuery({ ...docTypesQuery(lang, edition), enabled: ready });
  const docTypes = useMemo(
    () => (registry.data ?? []).map((d) => ({ code: d.docType, title: localText(d.title, lang) })),
    [registry.data, lang],
  );

  // What the filter bar shows, and what the list was last asked with.
  const [editing, setEditing] = useState<WorklistFilters>(emptyFilters);
  const [applied, setApplied] = useState<WorklistFilters>(emptyFilters);
  const [paging, setPaging] = useState<Paging>(firstPage);
  const request = buildWorklistQuery(list, applied, paging);
  const page = useQuery(worklistQuery(request, lang));

  const [deciding, setDeciding] = useState<{ item: WorklistItem; result: TaskResult | 'recall' } | null>(null);
  const rowActions = list === 'todo' || list === 'recall';
  const [notice, setNotice] = useState<string | null>(null);

  const apply = (filters: WorklistFilters) => {
    setEditing(filters);
    setApplied(filters);
    setPaging((p) => ({ ...p, currentPage: 1 }));
  };

  const decide = async (comment: string): Promise<string | null> => {
    if (!deciding) return null;
    const { item, result } = deciding;
    const { taskId } = item;
    if (result !== 'recall' && taskId === undefined) return t('process.noOpenTask');
    try {
      if (result === 'recall') await recallDocument({ businessId: item.businessId, version: item.version, comment });
      else await completeTask({ businessId: item.businessId, taskId: taskId as number, result, comment });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: ['worklist'] });
      return errorText(error);
    }
    setDeciding(null);
    setNotice(t(`process.done.${result}`));
    await queryClient.invalidateQueries({ queryKey: ['worklist'] });
    return null;
  };

  const columns: Column[] = [
    {
      key: 'businessId',
      render: (item) => (
        <Link component={RouterLink} to={formHrefOf(list, item)} data-open={item.businessId}>
          {item.businessId}
        </Link>
      ),
    },
    { key: 'docType', render: (item) => `${item.docType} ${item.docTypeTxt ?? ''}`.trim() },
    { key: 'applicant', render: (item) => item.applicantTxt || item.applicant },
    { key: 'amount', render: (item) => formatMoney(item.amount), align: 'right' },
    {
      key: 'status',
      render: (item) => <Chip size="small" color={statusColor(item.status)} label={item.statusTxt || item.status} data-status={item.status} />,
    },
    { key: 'description', render: (item) => item.description },
  ];
  if (list === 'todo') {
    columns.push({ key: 'step', render: (item) => item.stepTxt || item.step }, { key: 'receivedAt', render: (item) => item.receivedAt });
  } else if (list === 'done') {
    columns.push({ key: 'taskReult', render: (item) => item.taskReultTxt || item.taskReult }, { key: 'completeAt', render: (item) => item.completeAt });
  } else if (list === 'returned') {
    columns.push(
      { key: 'rejectReason', label: t('recall.worklist.rejectReason'), render: (item) => item.rejectReason ?? '' },
      { key: 'rejectBy', label: t('recall.worklist.rejectBy'), render: (item) => item.rejectByTxt || item.rejectBy || '' },
      { key: 'createAt', render: (item) => item.createAt },
    );
  } else {
    columns.push({ key: 'createAt', render: (item) => item.createAt });
  }

  const data = page.data;
  const rows = data?.list ?? [];
  const heading = title || t(`worklist.titles.${list}`);

  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="worklist" data-list={list}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {heading}
      </Typography>
      {list === 'recall' && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('recall.worklist.recallHint')}
        </Typography>
      )}
      <WorklistFilterBar
        filters={editing}
        docTypes={docTypes}
        onChange={setEditing}
        onQuickRange={(days: QuickRange) => apply(withQuickRange(editing, days))}
        onQuery={() => apply(editing)}
        onReset={() => apply(emptyFilters)}
      />
      {page.isError && (
        <Alert severity="error" sx={{ mb: 2 }} data-error="worklist">
          {`${t('worklist.loadFailed')}${page.error?.message ? `: ${page.error.message}` : ''}`}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {page.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <TableContainer>
          <Table size="small" data-worklist-table data-loaded={page.isSuccess && !page.isPlaceholderData ? 'true' : 'false'}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.label ?? t(`worklist.columns.${c.key}`)}
                  </TableCell>
                ))}
                {rowActions && <TableCell>{t('worklist.columns.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((item) => (
                <TableRow key={`${item.businessId}-${item.taskId ?? ''}`} hover data-row={item.businessId} data-row-status={item.status ?? ''}>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} data-cell={c.key}>
                      {c.render(item)}
                    </TableCell>
                  ))}
                  {list === 'todo' && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {item.step !== 'supplement' && (
                        <Box sx={{ display: 'flex', gap: 1 }}>
                          <Button size="small" color="success" variant="outlined" onClick={() => setDeciding({ item, result: 'approve' })} data-row-action="approve">
                            {t('buttons.approve')}
                          </Button>
                          <Button size="small" color="warning" variant="outlined" onClick={() => setDeciding({ item, result: 'reject' })} data-row-action="reject">
                            {t('buttons.reject')}
                          </Button>
                        </Box>
                      )}
                    </TableCell>
                  )}
                  {list === 'recall' && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Button size="small" color="warning" variant="outlined" onClick={() => setDeciding({ item, result: 'recall' })} data-row-action="recall">
                        {t('buttons.recall')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
              {page.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length + (rowActions ? 1 : 0)} data-worklist-empty>
                    <Typography variant="body2" color="text.secondary">
                      {t('worklist.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={pageIndex(data?.currentPage ?? paging.currentPage, data?.total ?? 0, data?.pageSize ?? paging.pageSize)}
          rowsPerPage={data?.pageSize ?? paging.pageSize}
          rowsPerPageOptions={pageSizes}
          labelRowsPerPage={t('worklist.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('worklist.displayed', { from, to, count })}
          getItemAriaLabel={(type) => t(`worklist.pageLabels.${type}`)}
          showFirstButton
          showLastButton
          onPageChange={(_, p) => setPaging((old) => ({ ...old, currentPage: p + 1 }))}
          onRowsPerPageChange={(e) => setPaging({ currentPage: 1, pageSize: Number(e.target.value) })}
          data-worklist-pagination
        />
      </Paper>
      <CommentDialog
        action={deciding?.result ?? null}
        businessId={deciding?.item.businessId}
        onCancel={() => setDeciding(null)}
        onConfirm={(comment) => decide(comment)}
      />
      <Snackbar open={notice !== null} autoHideDuration={3000} onClose={() => setNotice(null)} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setNotice(null)} data-notice="lifecycle">
          {notice}
        </Alert>
      </Snackbar>
    </Container>
  );
}

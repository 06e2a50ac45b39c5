import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RJSFSchema } from '@rjsf/utils';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { RefText } from '../widgets/ref/RefNameAdornment';
import { COMPANY_TYPE, type MasterRecord } from './api';
import { cellText, nextSort, type RecordColumn } from './columns';
import EmptyRow from './EmptyRow';

export interface RecordTableProps {
  columns: RecordColumn[];
  schema?: RJSFSchema;
  rows: MasterRecord[];
  /** "code" or "-code"; '' unsorted. */
  sort: string;
  onSort: (sort: string) => void;
  canWrite: boolean;
  loaded: boolean;
  onOpen: (record: MasterRecord) => void;
  onDeactivate: (record: MasterRecord) => void;
}

function Cell({ record, column, schema }: { record: MasterRecord; column: RecordColumn; schema?: RJSFSchema }): ReactNode {
  const { t } = useTranslation();
  switch (column.kind) {
    case 'company':
      return <RefText type={COMPANY_TYPE} code={record.company} />;
    case 'active':
      return <Chip size="small" color={record.active ? 'success' : 'default'} label={record.active ? t('md.active.yes') : t('md.active.no')} />;
    case 'validFrom':
      return record.validFrom;
    case 'validTo':
      return record.validTo;
    case 'updatedAt':
      return `${record.updatedAt.replace('T', ' ').slice(0, 16)} ${record.updatedBy}`.trim();
    default: {
      const value = record.body[column.field ?? ''];
      if (column.ref && typeof value === 'string') return <RefText type={column.ref} code={value} />;
      return cellText(record, column, schema);
    }
  }
}

/** The column's title: the body field's, or the page's name for the record's own columns. */
function useColumnTitle() {
  const { t } = useTranslation();
  return (c: RecordColumn) => {
    switch (c.kind) {
      case 'company':
        return t('md.columns.company');
      case 'active':
        return t('md.columns.active');
      case 'validFrom':
        return t('md.columns.validFrom');
      case 'validTo':
        return t('md.columns.validTo');
      case 'updatedAt':
        return t('md.columns.updatedAt');
      default:
        return c.title;
    }
  };
}

/** The records of one page, with sortable headers and, for writers, edit and deactivate per row. */
export default function RecordTable({ columns, schema, rows, sort, onSort, canWrite, loaded, onOpen, onDeactivate }: RecordTableProps) {
  const { t } = useTranslation();
  const titleOf = useColumnTitle();
  return (
    <TableContainer>
      <Table size="small" data-md-table data-loaded={loaded ? 'true' : 'false'}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.id} data-column={c.id} sortDirection={c.sort && sort.replace(/^-/, '') === c.sort ? (sort.startsWith('-') ? 'desc' : 'asc') : false}>
                {c.sort ? (
                  <TableSortLabel
                    active={sort.replace(/^-/, '') === c.sort}
                    direction={sort === `-${c.sort}` ? 'desc' : 'asc'}
                    onClick={() => onSort(nextSort(sort, c.sort ?? ''))}
                    data-sort={c.sort}
                  >
                    {titleOf(c)}
                  </TableSortLabel>
                ) : (
                  titleOf(c)
                )}
              </TableCell>
            ))}
            <TableCell>{t('md.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={`${r.company}/${r.key}`} hover data-row={r.key} data-active={r.active ? 'true' : 'false'}>
              {columns.map((c) => (
                <TableCell key={c.id} data-cell={c.id}>
                  <Cell record={r} column={c} schema={schema} />
                </TableCell>
              ))}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Tooltip title={canWrite ? t('md.list.edit') : t('md.list.view')}>
                    <IconButton size="small" aria-label={canWrite ? t('md.list.edit') : t('md.list.view')} onClick={() => onOpen(r)} data-row-action={canWrite ? 'edit' : 'view'}>
                      {canWrite ? <EditOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
                    </IconButton>
                  </Tooltip>
                  {canWrite && r.active && (
                    <Tooltip title={t('md.list.deactivate')}>
                      <IconButton size="small" aria-label={t('md.list.deactivate')} onClick={() => onDeactivate(r)} data-row-action="deactivate">
                        <BlockOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              </TableCell>
            </TableRow>
          ))}
          {loaded && rows.length === 0 && <EmptyRow columns={columns.length + 1} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

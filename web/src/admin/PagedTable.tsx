import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EmptyRow from '../masterdata/EmptyRow';

/** A column: its title and how a row shows in it. */
export interface Column<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
}

/** The server's paging: 1-based page, its size, how many rows match. */
export interface Paging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

export interface PagedTableProps<Row> {
  page: string;
  title: string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** Tabs under the title (another view of the same page). */
  tabs?: ReactNode;
  /** Filters above the table. */
  filters?: ReactNode;
  columns: Column<Row>[];
  rows: Row[] | undefined | null;
  rowKey: (row: Row, index: number) => string;
  loading: boolean;
  failure: string;
  paging?: Paging;
  /** Below the table (a second table, a legend). */
  children?: ReactNode;
}

/** The 0-based page TablePagination shows, within the pages there are. */
export function pageIndex(page: number, total: number, pageSize: number): number {
  const last = Math.max(0, Math.ceil(total / Math.max(1, pageSize)) - 1);
  return Math.min(Math.max(0, page - 1), last);
}

/** The paging of a table that keeps its page 0-based (the budget pages): what Pager shows and sets. */
export function zeroBasedPaging(page: number, pageSize: number, total: number, setPage: (page: number) => void, setPageSize: (size: number) => void): Paging {
  return {
    page: page + 1,
    pageSize,
    total,
    onChange: (p, size) => {
      setPageSize(size);
      setPage(p - 1);
    },
  };
}

/** The pager under a table of server pages (the administration and budget pages). */
export function Pager({ paging }: { paging: Paging }) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={paging.total}
      page={pageIndex(paging.page, paging.total, paging.pageSize)}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={[10, 20, 50, 100]}
      labelRowsPerPage={t('admin.rowsPerPage')}
      onPageChange={(_, p) => paging.onChange(p + 1, paging.pageSize)}
      onRowsPerPageChange={(e) => paging.onChange(1, Number(e.target.value))}
    />
  );
}

/** An administration page: title, actions, filters, the rows of one server page and the pager. */
export default function PagedTable<Row>({ page, title, actions, tabs, filters, columns, rows, rowKey, loading, failure, paging, children }: PagedTableProps<Row>) {
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page={page}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-list-title>
          {title}
        </Typography>
        {actions}
      </Box>
      {tabs}
      {filters && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>{filters}</Box>}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} data-error={page}>
          {failure}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <TableContainer>
          <Table size="small" data-admin-table={page} data-loaded={rows ? 'true' : 'false'} data-total={paging?.total}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key}>{c.title}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows?.map((row, i) => (
                <TableRow key={rowKey(row, i)} hover data-row={rowKey(row, i)}>
                  {columns.map((c) => (
                    <TableCell key={c.key} data-cell={c.key}>
                      {c.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {rows?.length === 0 && <EmptyRow columns={columns.length} />}
            </TableBody>
          </Table>
        </TableContainer>
        {paging && <Pager paging={paging} />}
      </Paper>
      {children}
    </Container>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import EmptyRow from '../EmptyRow';

/** A column: its title and how a row shows in it. */
export interface ConfigColumn<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
}

export interface ConfigTableProps<Row> {
  page: string;
  title: string;
  columns: ConfigColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading: boolean;
  /** Why the rows could not be read ('' none). */
  failure: string;
  onNew: () => void;
  /** The buttons of a row (edit, withdraw, delete ...). */
  actions: (row: Row) => ReactNode;
}

/** A configuration page: a title, a "new" button and the rows with their actions. */
export default function ConfigTable<Row>({ page, title, columns, rows, rowKey, loading, failure, onNew, actions }: ConfigTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page={page}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-list-title>
          {title}
        </Typography>
        <Button variant="contained" startIcon={<AddCircleOutline />} onClick={onNew} data-action="cfg-new">
          {t('md.list.new')}
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} data-error={page}>
          {failure}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ position: 'relative' }}>
        {loading && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
        <TableContainer>
          <Table size="small" data-cfg-table data-loaded={rows ? 'true' : 'false'}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key}>{c.title}</TableCell>
                ))}
                <TableCell>{t('md.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows?.map((row) => (
                <TableRow key={rowKey(row)} hover data-row={rowKey(row)}>
                  {columns.map((c) => (
                    <TableCell key={c.key} data-cell={c.key}>
                      {c.render(row)}
                    </TableCell>
                  ))}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions(row)}</TableCell>
                </TableRow>
              ))}
              {rows?.length === 0 && <EmptyRow columns={columns.length + 1} />}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Container>
  );
}

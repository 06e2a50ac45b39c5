import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import type { RecordFinding } from './api';

/** The column titles and the refusal of a spreadsheet import's row findings. */
export interface RowFindingsTexts {
  refused: string;
  row: string;
  field: string;
  problem: string;
}

/**
 * The findings of a refused spreadsheet import (nothing was imported), a row each: the
 * sheet row, the field (fieldOf names it from the finding's path) and the problem.
 * `data` names the table for tests (data-<data>).
 */
export default function RowFindings({ findings, texts, fieldOf, data, sx }: {
  findings: RecordFinding[];
  texts: RowFindingsTexts;
  fieldOf: (path: string) => string;
  data: string;
  sx?: SxProps<Theme>;
}) {
  if (findings.length === 0) return null;
  return (
    <Paper variant="outlined" sx={sx}>
      <Alert severity="error">{texts.refused}</Alert>
      <Table size="small" {...{ [`data-${data}`]: true }}>
        <TableHead>
          <TableRow>
            <TableCell>{texts.row}</TableCell>
            <TableCell>{texts.field}</TableCell>
            <TableCell>{texts.problem}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {findings.map((f, i) => (
            <TableRow key={i} data-finding-row={f.row}>
              <TableCell>{f.row}</TableCell>
              <TableCell>{fieldOf(f.path)}</TableCell>
              <TableCell>{f.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

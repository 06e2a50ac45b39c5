import { useTranslation } from 'react-i18next';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** The one row of a table with nothing to list, across its columns; text says what is missing (default: no records). */
export default function EmptyRow({ columns, text }: { columns: number; text?: string }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell colSpan={columns} data-md-empty>
        <Typography variant="body2" color="text.secondary">
          {text ?? t('md.list.empty')}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

import { useTranslation } from 'react-i18next';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** The one row of a table with nothing to list, across its columns. */
export default function EmptyRow({ columns }: { columns: number }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell colSpan={columns} data-md-empty>
        <Typography variant="body2" color="text.secondary">
          {t('md.list.empty')}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

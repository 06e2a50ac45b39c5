import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
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
import { apiCall, errorText } from '../api/client';
import type { Schemas } from '../api/types';
import EmptyRow from '../masterdata/EmptyRow';
import { formatMoney } from '../widgets/money/money';

type ListRow = Schemas['ListRow'];

export const TO_CONFIRM_URL = '/api/formwork/documents/to-confirm';

const columns = ['businessId', 'docType', 'description', 'createBy', 'amount', 'status', 'createAt'] as const;

/** 待确认 (toConfirm, MY00009): the documents someone else made for the user that wait for them to check and submit. */
export default function ToConfirmPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['documents', 'to-confirm'],
    queryFn: ({ signal }) => apiCall<ListRow[] | null>('GET', TO_CONFIRM_URL, undefined, signal),
  });
  const rows = list.data ?? [];
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="to-confirm">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }} data-list-title>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('personal.confirm.note')}
      </Typography>
      {list.isError && <Alert severity="error">{errorText(list.error)}</Alert>}
      {list.isFetching && <LinearProgress />}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c} align={c === 'amount' ? 'right' : 'left'}>
                  {t(`personal.confirm.${c}`)}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => {
              const href = `/form?${new URLSearchParams({ docType: r.docType, businessId: r.businessId, action: 'edit' })}`;
              return (
                <TableRow key={r.businessId} data-to-confirm={r.businessId}>
                  <TableCell>{r.businessId}</TableCell>
                  <TableCell>{r.docTypeTxt || r.docType}</TableCell>
                  <TableCell>{r.description}</TableCell>
                  <TableCell>{r.createByTxt || r.createBy}</TableCell>
                  <TableCell align="right">{formatMoney(r.amount)}</TableCell>
                  <TableCell>{r.statusTxt || r.status}</TableCell>
                  <TableCell>{r.createAt}</TableCell>
                  <TableCell>
                    <Button size="small" component={RouterLink} to={href}>
                      {t('personal.confirm.open')}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
            {list.isSuccess && rows.length === 0 && <EmptyRow columns={columns.length + 1} text={t('personal.confirm.none')} />}
          </TableBody>
        </Table>
      </TableContainer>
    </Container>
  );
}

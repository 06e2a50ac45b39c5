import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { fetchPushLog } from './api';

const systems = ['accounting', 'tax', 'client'];
const statuses = ['S', 'E', 'T'];
const SIZE = 20;

/** 凭证日志 (voucherLog): the push log, one entry per try of a call to the accounting or tax system, filtered. */
export default function PushLogPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ system: '', status: '', url: '', businessId: '', from: '', to: '' });
  const [filter, setFilter] = useState(form);
  const [page, setPage] = useState(1);
  const params = { ...filter, page: String(page), size: String(SIZE) };
  const log = useQuery({ queryKey: ['pushLog', params], queryFn: ({ signal }) => fetchPushLog(params, signal) });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const rows = log.data?.rows ?? [];
  const total = log.data?.total ?? 0;
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="push-log">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title || t('vouchers.logTitle')}
      </Typography>
      <Box component="form" sx={{ display: 'flex', gap: 1.5, mb: 2, flexWrap: 'wrap' }} onSubmit={(e) => { e.preventDefault(); setPage(1); setFilter(form); }}>
        <TextField select size="small" sx={{ width: 160 }} label={t('vouchers.system')} value={form.system} onChange={set('system')}>
          <MenuItem value="">{t('vouchers.anySystem')}</MenuItem>
          {systems.map((s) => <MenuItem key={s} value={s}>{t(`vouchers.systems.${s}`)}</MenuItem>)}
        </TextField>
        <TextField select size="small" sx={{ width: 160 }} label={t('vouchers.status')} value={form.status} onChange={set('status')}>
          <MenuItem value="">{t('vouchers.anyStatus')}</MenuItem>
          {statuses.map((s) => <MenuItem key={s} value={s}>{t(`vouchers.statuses.${s}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" label={t('vouchers.url')} value={form.url} onChange={set('url')} />
        <TextField size="small" label={t('vouchers.businessId')} value={form.businessId} onChange={set('businessId')} inputProps={{ 'data-filter': 'businessId' }} />
        <TextField size="small" type="date" label={t('vouchers.from')} value={form.from} onChange={set('from')} InputLabelProps={{ shrink: true }} />
        <TextField size="small" type="date" label={t('vouchers.to')} value={form.to} onChange={set('to')} InputLabelProps={{ shrink: true }} />
        <Button type="submit" variant="contained" data-button="search">{t('vouchers.search')}</Button>
      </Box>
      {log.isFetching && <LinearProgress />}
      {log.isError && <Alert severity="error">{errorText(log.error)}</Alert>}
      <TableContainer>
        <Table size="small" data-push-log>
          <TableHead>
            <TableRow>
              {['at', 'system', 'method', 'url', 'businessId', 'tries', 'status', 'millis', 'by', 'reqData', 'response'].map((c) => (
                <TableCell key={c}>{t(`vouchers.${c}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && !log.isFetching && (
              <TableRow><TableCell colSpan={11}>{t('vouchers.none')}</TableCell></TableRow>
            )}
            {rows.map((r) => (
              <TableRow key={r.id} data-log-row={r.status}>
                <TableCell>{new Date(r.at).toLocaleString()}</TableCell>
                <TableCell>{t(`vouchers.systems.${r.system}`, { defaultValue: r.system })}</TableCell>
                <TableCell>{r.method}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{r.url}</TableCell>
                <TableCell>{r.businessId}</TableCell>
                <TableCell>{r.try}</TableCell>
                <TableCell>{t(`vouchers.statuses.${r.status}`, { defaultValue: r.status })}</TableCell>
                <TableCell>{r.millis}</TableCell>
                <TableCell>{r.by}</TableCell>
                <TableCell sx={{ maxWidth: 240, wordBreak: 'break-all', fontSize: 12 }}>{r.reqData.slice(0, 300)}</TableCell>
                <TableCell sx={{ maxWidth: 240, wordBreak: 'break-all', fontSize: 12 }}>{r.response.slice(0, 300)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
        <Typography variant="body2">{t('vouchers.total', { count: total })}</Typography>
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('vouchers.prev')}</Button>
        <Button size="small" disabled={page * SIZE >= total} onClick={() => setPage(page + 1)}>{t('vouchers.next')}</Button>
      </Box>
    </Container>
  );
}

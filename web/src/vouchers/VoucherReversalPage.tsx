import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { fetchVoucher, reverseVoucher, voucherKey } from './api';
import VoucherTable from './VoucherTable';

/** 凭证冲销 (voucherReversal): read a posted voucher by its document number and post its reverse entry. */
export default function VoucherReversalPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [id, setId] = useState('');
  const client = useQueryClient();
  const query = useQuery({ queryKey: voucherKey(id), queryFn: ({ signal }) => fetchVoucher(id, signal), enabled: id !== '' });
  const reverse = useMutation({ mutationFn: () => reverseVoucher(id), onSuccess: (v) => client.setQueryData(voucherKey(id), v) });
  const v = query.data;
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="voucher-reversal">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {title || t('vouchers.reversalTitle')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>{t('vouchers.reversalHint')}</Typography>
      <Box component="form" sx={{ display: 'flex', gap: 1.5, mb: 2 }} onSubmit={(e) => { e.preventDefault(); reverse.reset(); setId(input.trim()); }}>
        <TextField size="small" label={t('vouchers.businessId')} value={input} onChange={(e) => setInput(e.target.value)} />
        <Button type="submit" variant="outlined">{t('vouchers.load')}</Button>
      </Box>
      {query.isError && <Alert severity="error">{t('vouchers.loadFailed', { msg: errorText(query.error) })}</Alert>}
      {v && (
        <>
          {v.head.sapStatus === 'S' && <Alert severity="success" sx={{ mb: 1 }}>{t('vouchers.posted', { belnr: v.head.sapBelnr })}</Alert>}
          {v.head.sapStatus === 'R' && <Alert severity="info" sx={{ mb: 1 }}>{t('vouchers.reversed', { belnr: v.head.reversalBelnr })}</Alert>}
          {v.head.sapStatus !== 'S' && v.head.sapStatus !== 'R' && <Alert severity="warning" sx={{ mb: 1 }}>{t('vouchers.notPosted')}</Alert>}
          <VoucherTable lines={v.lines ?? []} edits={null} />
          {reverse.isError && <Alert severity="error" sx={{ mt: 1 }}>{errorText(reverse.error)}</Alert>}
          {v.head.sapStatus === 'S' && (
            <Button sx={{ mt: 1 }} variant="contained" color="warning" disabled={reverse.isPending} onClick={() => reverse.mutate()}>
              {reverse.isPending ? t('vouchers.reversing') : t('vouchers.reverse')}
            </Button>
          )}
        </>
      )}
    </Container>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { paymentState } from '../payments/api';
import PaymentTable from '../payments/PaymentTable';
import { fetchPosting, postingKey, type VoucherPosting } from './api';

const stateColor = { posted: 'success', failed: 'error', reversed: 'info' } as const;

/**
 * Money out on the form of an approved document, read-only for whoever may read it: each
 * payment line's status with the bank's reference or message (the account as the server
 * shows it to the reader: masked unless finance), and the voucher's posting state with the
 * accounting document number and date, the accounting system's message or the reversal.
 */
export default function MoneyOutPanel({ businessId }: { businessId: string }) {
  const { t } = useTranslation();
  const payments = useQuery({ queryKey: ['paymentState', businessId], queryFn: ({ signal }) => paymentState(businessId, signal) });
  const posting = useQuery({ queryKey: postingKey(businessId), queryFn: ({ signal }) => fetchPosting(businessId, signal) });
  const failure = payments.error ?? posting.error;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-money-out-panel>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('moneyout.title')}
      </Typography>
      {failure && <Alert severity="error">{t('moneyout.loadFailed', { msg: errorText(failure) })}</Alert>}
      {posting.data && <PostingState posting={posting.data} />}
      {payments.data && (
        <Box sx={{ mt: 1 }} data-money-out-payments>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('moneyout.payments')}
          </Typography>
          <PaymentTable lines={payments.data.lines ?? []} title={t('moneyout.payments')} done />
        </Box>
      )}
    </Paper>
  );
}

/** The voucher's posting state as a chip and its one line of detail. */
function PostingState({ posting }: { posting: VoucherPosting }) {
  const { t, i18n } = useTranslation();
  const day = (at?: string | null) => (at ? new Date(at).toLocaleDateString(i18n.language) : '');
  const detail: Record<string, string> = {
    none: t('moneyout.none'),
    notPosted: t('moneyout.notPosted'),
    posted: t('moneyout.posted', { belnr: posting.sapBelnr, date: day(posting.postedAt) }),
    failed: t('moneyout.failed', { msg: posting.sapMsg }),
    reversed: t('moneyout.reversed', { belnr: posting.reversalBelnr, date: day(posting.reversedAt) }),
  };
  const color = stateColor[posting.state as keyof typeof stateColor] ?? 'default';
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-posting-state={posting.state}>
      <Typography variant="body2">{t('moneyout.voucher')}</Typography>
      <Chip size="small" color={color} label={t(`moneyout.states.${posting.state}`, { defaultValue: posting.state })} />
      <Typography variant="body2" data-posting-belnr={posting.sapBelnr || undefined} data-posting-msg={posting.sapMsg || undefined}>
        {detail[posting.state] ?? ''}
      </Typography>
    </Box>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { errorText } from '../api/client';
import { formatMoney } from '../widgets/money/money';
import { fetchVoucher, submitVoucher, voucherKey, type LineEdit, type VoucherView } from './api';
import VoucherTable from './VoucherTable';

export interface VoucherPanelProps {
  businessId: string;
  /** the export's buttons of this mode: voucherPreview shows the preview, submitVoucher the posting (action fssc) */
  buttons: readonly string[];
}

/** The form's voucher preview and, in action fssc, finance's edits and 'save and submit voucher'. */
export default function VoucherPanel({ businessId, buttons }: VoucherPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [edits, setEdits] = useState<Record<number, LineEdit>>({});
  const client = useQueryClient();
  const query = useQuery({ queryKey: voucherKey(businessId), queryFn: ({ signal }) => fetchVoucher(businessId, signal), enabled: open });
  const submit = useMutation({
    mutationFn: () => submitVoucher(businessId, Object.values(edits)),
    onSuccess: (v) => {
      client.setQueryData(voucherKey(businessId), v);
      setEdits({});
    },
  });
  const mayPost = buttons.includes('submitVoucher');
  if (!mayPost && !buttons.includes('voucherPreview')) return null;
  const v = query.data;
  const editing = mayPost && v?.head.editable === true;
  const onEdit = (lineNo: number, field: keyof Omit<LineEdit, 'lineNo'>, value: string) =>
    setEdits((e) => ({ ...e, [lineNo]: { ...e[lineNo], lineNo, [field]: value } }));
  return (
    <Box sx={{ mb: 2 }} data-voucher-panel>
      <Button variant="outlined" startIcon={<ReceiptLongOutlined />} onClick={() => setOpen((o) => !o)} data-button="voucherPreview">
        {open ? t('vouchers.hide') : t('vouchers.preview')}
      </Button>
      {open && (
        <Paper variant="outlined" sx={{ p: 2, mt: 1 }} data-voucher={v?.head.sapStatus || 'new'}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {t('vouchers.title')}
          </Typography>
          {query.isError && <Alert severity="error">{t('vouchers.loadFailed', { msg: errorText(query.error) })}</Alert>}
          {v && <VoucherState voucher={v} />}
          {v && <VoucherTable lines={v.lines ?? []} edits={editing ? edits : null} onEdit={onEdit} />}
          {submit.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errorText(submit.error)}
            </Alert>
          )}
          {editing && (
            <Button sx={{ mt: 1 }} variant="contained" disabled={submit.isPending} onClick={() => submit.mutate()} data-button="submitVoucher">
              {submit.isPending ? t('vouchers.submitting') : t('vouchers.submit')}
            </Button>
          )}
        </Paper>
      )}
    </Box>
  );
}

/** The voucher's totals and posting state: the SAP number once posted, the message of a failure. */
function VoucherState({ voucher }: { voucher: VoucherView }) {
  const { t } = useTranslation();
  const h = voucher.head;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      <Typography variant="body2">{t('vouchers.totals', { debit: formatMoney(h.debitAmount), credit: formatMoney(h.creditAmount) })}</Typography>
      <Chip size="small" color={h.balanced ? 'success' : 'error'} label={t(h.balanced ? 'vouchers.balanced' : 'vouchers.unbalanced')} />
      {h.sapStatus === 'S' && <Alert severity="success" data-sap-belnr={h.sapBelnr}>{t('vouchers.posted', { belnr: h.sapBelnr })}</Alert>}
      {h.sapStatus === 'E' && <Alert severity="warning" data-sap-msg>{t('vouchers.failed', { msg: h.sapMsg })}</Alert>}
      {h.sapStatus === 'R' && <Alert severity="info">{t('vouchers.reversed', { belnr: h.reversalBelnr })}</Alert>}
      {!h.sapStatus && <Chip size="small" label={t('vouchers.notPosted')} />}
    </Box>
  );
}

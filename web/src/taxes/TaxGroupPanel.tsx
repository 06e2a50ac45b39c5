import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import { errorText } from '../api/client';
import { useSessionMaybe } from '../auth/session';
import { fetchPushLog } from '../vouchers/api';
import { fetchTaxPushes, fetchTaxSigns, pushToTax, taxPushesKey, taxSignsKey, type TaxPush } from './api';

export interface TaxGroupPanelProps {
  businessId: string;
  /** the export's buttons of this mode: taxGroup shows the button (the finance modes) */
  buttons: readonly string[];
}

/**
 * The form's tax-group button: a dialog choosing the order sign (the server's list, its default
 * first chosen; the period signs ask for year and period, which the server checks), pushing the
 * document to the tax system and showing the outcome and the document's pushes; holders of the
 * push log (voucherLog) also see its entries of the tax system for the document.
 */
export default function TaxGroupPanel({ businessId, buttons }: TaxGroupPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!buttons.includes('taxGroup')) return null;
  return (
    <Box sx={{ mb: 2 }} data-tax-panel>
      <Button variant="outlined" startIcon={<AccountBalanceOutlined />} onClick={() => setOpen(true)} data-button="taxGroup">
        {t('buttons.taxGroup')}
      </Button>
      {open && <TaxGroupDialog businessId={businessId} onClose={() => setOpen(false)} />}
    </Box>
  );
}

function TaxGroupDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const signs = useQuery({ queryKey: taxSignsKey, queryFn: ({ signal }) => fetchTaxSigns(signal), staleTime: Infinity });
  const pushes = useQuery({ queryKey: taxPushesKey(businessId), queryFn: ({ signal }) => fetchTaxPushes(businessId, signal) });
  const [chosen, setChosen] = useState<string | null>(null);
  const [year, setYear] = useState('');
  const [period, setPeriod] = useState('');
  const sign = chosen ?? signs.data?.default ?? '';
  const needsPeriod = (signs.data?.periodSigns ?? []).includes(sign);
  const push = useMutation({
    mutationFn: () => pushToTax({ businessId, orderSign: sign, ...(needsPeriod ? { year, period } : {}) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['tax'] }),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-tax-dialog>
      <DialogTitle>{t('taxes.title')}</DialogTitle>
      <DialogContent>
        {signs.isError && <Alert severity="error">{errorText(signs.error)}</Alert>}
        <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap' }}>
          <TextField select size="small" label={t('taxes.orderSign')} value={sign} onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { 'data-field': 'orderSign' } }}>
            {(signs.data?.signs ?? []).map((s) => (
              <MenuItem key={s} value={s} data-sign={s}>
                {s}
                {s === signs.data?.default ? ` (${t('taxes.default')})` : ''}
              </MenuItem>
            ))}
          </TextField>
          {needsPeriod && (
            <>
              <TextField size="small" label={t('taxes.year')} placeholder="yyyy" value={year} onChange={(e) => setYear(e.target.value)}
                slotProps={{ htmlInput: { 'data-field': 'year' } }} />
              <TextField size="small" label={t('taxes.period')} placeholder="01-12" value={period} onChange={(e) => setPeriod(e.target.value)}
                slotProps={{ htmlInput: { 'data-field': 'period' } }} />
            </>
          )}
        </Box>
        {push.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-tax-refused>
            {errorText(push.error)}
          </Alert>
        )}
        {push.data && <PushOutcome push={push.data} />}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('taxes.pushes')}
        </Typography>
        {pushes.isError && <Alert severity="error">{errorText(pushes.error)}</Alert>}
        <PushTable pushes={pushes.data ?? []} />
        <PushLogEntries businessId={businessId} after={push.data?.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('taxes.close')}</Button>
        <Button variant="contained" disabled={!sign || push.isPending} onClick={() => push.mutate()} data-button="taxPush">
          {push.isPending ? t('taxes.pushing') : t('taxes.push')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A push's outcome: accepted with the tax system's number, or refused with its message. */
function PushOutcome({ push }: { push: TaxPush }) {
  const { t } = useTranslation();
  return push.status === 'S' ? (
    <Alert severity="success" sx={{ mt: 2 }} data-tax-no={push.taxNo}>
      {t('taxes.accepted', { taxNo: push.taxNo, sign: push.orderSign })}
    </Alert>
  ) : (
    <Alert severity="warning" sx={{ mt: 2 }} data-tax-failed>
      {t('taxes.failed', { msg: push.message })}
    </Alert>
  );
}

function PushTable({ pushes }: { pushes: readonly TaxPush[] }) {
  const { t } = useTranslation();
  if (pushes.length === 0) return <Typography variant="body2">{t('taxes.noPushes')}</Typography>;
  return (
    <Table size="small" data-tax-pushes>
      <TableHead>
        <TableRow>
          {(['attempt', 'orderSign', 'yearPeriod', 'status', 'taxNo', 'message', 'by', 'at'] as const).map((c) => (
            <TableCell key={c}>{t(`taxes.${c}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {pushes.map((p) => (
          <TableRow key={p.id} data-tax-push={p.attempt} data-status={p.status}>
            <TableCell>{p.attempt}</TableCell>
            <TableCell>{p.orderSign}</TableCell>
            <TableCell>{p.year ? `${p.year}-${p.period}` : ''}</TableCell>
            <TableCell>{p.status}</TableCell>
            <TableCell>{p.taxNo}</TableCell>
            <TableCell>{p.message}</TableCell>
            <TableCell>{p.by}</TableCell>
            <TableCell>{new Date(p.at).toLocaleString()}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The push log's entries of the tax system for the document, for those who hold the push log (voucherLog). */
function PushLogEntries({ businessId, after }: { businessId: string; after?: number }) {
  const { t } = useTranslation();
  const session = useSessionMaybe();
  const mayRead = session?.menuPermissions.some((m) => m.menuCode === 'voucherLog') ?? false;
  const params = { system: 'tax', businessId, size: '20' };
  const log = useQuery({ queryKey: ['tax', 'pushLog', businessId, after], queryFn: ({ signal }) => fetchPushLog(params, signal), enabled: mayRead });
  if (!mayRead) return null;
  const rows = log.data?.rows ?? [];
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{t('taxes.pushLog')}</Typography>
      {log.isError && <Alert severity="error">{errorText(log.error)}</Alert>}
      <Table size="small" data-tax-push-log>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-push-log={r.key}>
              <TableCell>{r.method}</TableCell>
              <TableCell>{r.url}</TableCell>
              <TableCell>{r.httpStatus}</TableCell>
              <TableCell>{r.status}</TableCell>
              <TableCell>{r.try}</TableCell>
              <TableCell>{r.key}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

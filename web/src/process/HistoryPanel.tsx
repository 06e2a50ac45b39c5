import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import HistoryIcon from '@mui/icons-material/History';
import { processHistoryQuery } from '../api/queries';
import ProcessHistory from './ProcessHistory';

/**
 * The approval history of a stored document, asked only when the person opens it
 * (GET process/history); a lifecycle action's answer updates it while it is open.
 */
export default function HistoryPanel({ businessId }: { businessId: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useQuery({ ...processHistoryQuery(businessId, i18n.language), enabled: open });
  return (
    <Box sx={{ mt: 3 }} data-history-panel={open ? 'open' : 'closed'}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<HistoryIcon />}
        aria-expanded={open}
        data-action="history"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('process.hideHistory') : t('process.showHistory')}
      </Button>
      {open && history.isPending && <LinearProgress sx={{ mt: 2 }} aria-label={t('form.loading')} />}
      {open && history.isError && !history.data && (
        <Alert severity="error" sx={{ mt: 2 }} data-error="history">
          {`${t('process.historyFailed')}: ${history.error.message}`}
        </Alert>
      )}
      {open && history.data && <ProcessHistory view={history.data} />}
    </Box>
  );
}

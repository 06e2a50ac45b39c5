import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { errorText } from '../api/client';
import { saveFile } from '../masterdata/saveFile';
import { exportDocuments, type DocumentQueryBody, type ExportProgress } from './api';

/** A byte count as a person reads it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Exports the whole filtered list (the query's body) to a spreadsheet. While the server
 * writes it the button shows a running bar; once it says how many rows the sheet holds,
 * the bar says how much has arrived. A refusal (more rows than an export takes) shows
 * the server's message.
 */
export default function ExportButton({ body, fileName, disabled }: { body: DocumentQueryBody; fileName: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = useRef(false);
  const run = async () => {
    if (busy.current) return;
    busy.current = true;
    setMessage(null);
    setProgress({ rows: null, received: 0 });
    try {
      let rows = 0;
      const file = await exportDocuments(body, (p) => {
        rows = p.rows ?? rows;
        setProgress(p);
      });
      saveFile(file, fileName);
      setMessage({ ok: true, text: t('lists.exported', { rows }) });
    } catch (error) {
      setMessage({ ok: false, text: errorText(error) });
    } finally {
      busy.current = false;
      setProgress(null);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 180 }}>
      <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={() => void run()} disabled={disabled || progress !== null} data-action="export">
        {progress ? t('lists.exporting') : t('lists.export')}
      </Button>
      {progress && (
        <Box data-export-progress>
          <LinearProgress />
          <Typography variant="caption" color="text.secondary">
            {progress.rows === null ? t('lists.exporting') : t('lists.exportRows', { rows: progress.rows, size: sizeText(progress.received) })}
          </Typography>
        </Box>
      )}
      {message && (
        <Alert severity={message.ok ? 'success' : 'error'} onClose={() => setMessage(null)} data-export-result={message.ok ? 'ok' : 'refused'} sx={{ py: 0 }}>
          {message.text}
        </Alert>
      )}
    </Box>
  );
}

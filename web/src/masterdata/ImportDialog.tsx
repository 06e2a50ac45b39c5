import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RJSFSchema } from '@rjsf/utils';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { findingsOf, type ImportResult, type MasterDataType, type RecordFinding } from './api';
import { useImportRecords } from './queries';
import WorkbookButton from './WorkbookButton';

export interface ImportDialogProps {
  type: MasterDataType;
  /** The body's schema: the titles of the fields findings name. */
  schema?: RJSFSchema;
  onClose: () => void;
}

/** The title of the field a finding names (`accounts[1].cnaps`: the top field's title, then the rest). */
function fieldTitle(path: string, schema?: RJSFSchema): string {
  const top = /^[^.[]+/.exec(path)?.[0] ?? path;
  const title = (schema?.properties?.[top] as RJSFSchema | undefined)?.title;
  return title ? `${title}${path.slice(top.length)}` : path;
}

/**
 * Imports a spreadsheet of records: a file chooser, the upload's progress, then the
 * counts, or every bad row with its row number, field and problem (nothing imported).
 */
export default function ImportDialog({ type, schema, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [findings, setFindings] = useState<RecordFinding[]>([]);
  const [failure, setFailure] = useState('');
  const importing = useImportRecords(type.code, setProgress);

  const start = async (file: File) => {
    setFileName(file.name);
    setProgress(0);
    setResult(null);
    setFindings([]);
    setFailure('');
    try {
      setResult(await importing.mutateAsync(file));
    } catch (error) {
      const bad = findingsOf(error);
      if (bad.length > 0) setFindings(bad);
      else setFailure(errorText(error));
    }
  };

  const uploaded = progress === null ? null : Math.round(progress * 100);
  return (
    <Dialog open onClose={importing.isPending ? undefined : onClose} maxWidth="md" fullWidth data-dialog="md-import">
      <DialogTitle>{t('md.import.title', { type: type.title })}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <WorkbookButton label={t('md.import.choose')} disabled={importing.isPending} data="import-file" onFile={(file) => void start(file)} />
          <Typography variant="body2" color="text.secondary">
            {fileName}
          </Typography>
        </Box>
        {importing.isPending && (
          <Box data-import-progress={uploaded ?? ''}>
            <LinearProgress variant={uploaded === null || uploaded >= 100 ? 'indeterminate' : 'determinate'} value={uploaded ?? 0} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {uploaded === null || uploaded >= 100 ? t('md.import.checking') : t('md.import.uploading', { percent: uploaded })}
            </Typography>
          </Box>
        )}
        {result && (
          <Alert severity="success" data-import-done>
            {t('md.import.done', { created: result.created, updated: result.updated })}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" data-error="import">
            {failure}
          </Alert>
        )}
        {findings.length > 0 && (
          <>
            <Alert severity="error" sx={{ mb: 1 }} data-error="import-rows">
              {t('md.import.refused', { count: findings.length })}
            </Alert>
            <Table size="small" data-import-findings>
              <TableHead>
                <TableRow>
                  <TableCell>{t('md.import.row')}</TableCell>
                  <TableCell>{t('md.import.field')}</TableCell>
                  <TableCell>{t('md.import.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {findings.map((f, i) => (
                  <TableRow key={i} data-import-finding={f.row ?? ''}>
                    <TableCell>{f.row ?? ''}</TableCell>
                    <TableCell>{fieldTitle(f.path, schema)}</TableCell>
                    <TableCell>{f.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={importing.isPending} data-action="close">
          {t('md.record.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

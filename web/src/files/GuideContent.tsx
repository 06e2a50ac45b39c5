import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { downloadFile, helpDocs, type GuideEntry } from './api';
import FileViewer from './FileViewer';

export interface GuideQuery {
  docType?: string;
  businessType1?: string;
  businessType2?: string;
  businessType3?: string;
  /** The form's action mode: the review guide only in voucher review. */
  action?: string;
}

/**
 * What the reimbursement guide says (commonForm/getHelpDocs): the three guidance groups and
 * the files of a business type, or, with no document type, the common table of business
 * types and file names; the guide video after confirmation.
 */
export default function GuideContent({ query }: { query: GuideQuery }) {
  const { t, i18n } = useTranslation();
  const guide = useQuery({ queryKey: ['helpDocs', query, i18n.language], queryFn: () => helpDocs(query) });
  const [preview, setPreview] = useState<{ fileId: string; name: string } | null>(null);
  const [video, setVideo] = useState<'ask' | 'show' | null>(null);
  if (guide.isError) return <Alert severity="error">{errorText(guide.error)}</Alert>;
  if (!guide.data) return null;
  const entries = guide.data.entries ?? [];
  const kindOf = (name: string) => (/\.(png|jpe?g)$/i.test(name) ? (name.toLowerCase().endsWith('png') ? 'png' : 'jpg') : /\.pdf$/i.test(name) ? 'pdf' : '');
  const files = (e: GuideEntry) => (
    <Table size="small" data-guide-files>
      <TableHead>
        <TableRow>
          <TableCell>{t('files.fileName')}</TableCell>
          <TableCell>{t('files.fileGroup')}</TableCell>
          <TableCell />
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {(e.fileList ?? []).map((f) => (
          <TableRow key={f.fileName + (f.fileGroup ?? '')} data-guide-file={f.fileName}>
            <TableCell>{f.fileName}</TableCell>
            <TableCell>{f.fileGroup}</TableCell>
            <TableCell>
              <Chip size="small" color={f.required ? 'warning' : 'default'} label={f.required ? t('files.required') : t('files.optional')} />
            </TableCell>
            <TableCell>
              {f.fileId && (
                <>
                  <Button size="small" onClick={() => void downloadFile(f.fileId!, f.fileName)}>
                    {t('files.download')}
                  </Button>
                  {kindOf(f.fileName) && (
                    <Button size="small" onClick={() => setPreview({ fileId: f.fileId!, name: f.fileName })}>
                      {t('files.preview')}
                    </Button>
                  )}
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  return (
    <Box data-guide="content" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {guide.data.common ? (
        <Box data-guide="common">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {t('files.commonTable')}
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('files.businessType')}</TableCell>
                <TableCell>{t('files.fileName')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e) => (
                <TableRow key={e.code} data-guide-row={e.code}>
                  <TableCell>
                    {e.docType} {e.businessType3Txt || [e.businessType1, e.businessType2].join('/')}
                  </TableCell>
                  <TableCell>{(e.fileList ?? []).map((f) => f.fileName).join('、')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : entries.length === 0 ? (
        <Alert severity="info" data-guide="none">
          {t('files.noGuide')}
        </Alert>
      ) : (
        entries.map((e) => (
          <Box key={e.code} data-guide-entry={e.code}>
            {e.businessType3Txt && (
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {e.businessType3Txt}
              </Typography>
            )}
            {(['guilding1', 'guilding2', 'guilding3'] as const).map(
              (g, i) =>
                e[g] && (
                  <Box key={g} sx={{ mt: 1 }} data-guide-group={i + 1}>
                    <Typography variant="subtitle2">{t(`files.guiding${i + 1}`)}</Typography>
                    <Typography sx={{ whiteSpace: 'pre-line' }}>{e[g]}</Typography>
                  </Box>
                ),
            )}
            <Typography variant="subtitle2" sx={{ mt: 1 }}>
              {t('files.guideFiles')}
            </Typography>
            {files(e)}
          </Box>
        ))
      )}
      {guide.data.videoUrl && (
        <Box>
          <Button variant="text" onClick={() => setVideo('ask')} data-action="guide-video">
            {t('files.video')}
          </Button>
        </Box>
      )}
      <Dialog open={video === 'ask'} onClose={() => setVideo(null)}>
        <DialogContent>{t('files.videoConfirm')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setVideo(null)}>{t('files.cancel')}</Button>
          <Button variant="contained" onClick={() => setVideo('show')} data-action="guide-video-confirm">
            {t('files.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={video === 'show'} onClose={() => setVideo(null)} maxWidth="md" fullWidth>
        <DialogTitle>{t('files.videoTitle')}</DialogTitle>
        <DialogContent>
          <video src={guide.data.videoUrl} controls autoPlay style={{ width: '100%' }} data-guide-video />
        </DialogContent>
      </Dialog>
      <Dialog open={preview !== null} onClose={() => setPreview(null)} maxWidth="md" fullWidth>
        <DialogContent>{preview && <FileViewer fileId={preview.fileId} name={preview.name} kind={kindOf(preview.name)} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setPreview(null)}>{t('files.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

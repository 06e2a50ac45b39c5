import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import RotateRight from '@mui/icons-material/RotateRight';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { errorText } from '../api/client';
import { fileContent, viewerOf } from './api';

type PdfDoc = Awaited<ReturnType<typeof import('./pdf').openPdf>>;

export interface FileViewerProps {
  fileId: string;
  name: string;
  kind: string;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** Shows an image or a PDF with zoom, rotation and (PDF) pages. */
export default function FileViewer({ fileId, name, kind }: FileViewerProps) {
  const { t } = useTranslation();
  const viewer = viewerOf(kind);
  const [zoom, setZoom] = useState(2); // index in ZOOMS: 100%
  const [rotation, setRotation] = useState(0);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(0);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [pdf, setPdf] = useState<{ doc: PdfDoc; pdfjs: typeof import('./pdf') } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let url = '';
    let cancelled = false;
    setError(null);
    setImageUrl(null);
    setPdf(null);
    setPage(1);
    setRotation(0);
    if (viewer === 'image') {
      fileContent('previewImage', fileId)
        .then((blob) => {
          url = URL.createObjectURL(blob);
          if (!cancelled) setImageUrl(url);
        })
        .catch((e) => !cancelled && setError(errorText(e)));
    } else if (viewer === 'pdf') {
      Promise.all([fileContent('previewDoc', fileId), import('./pdf')])
        .then(async ([blob, pdfjs]) => {
          const doc = await pdfjs.openPdf(await blob.arrayBuffer());
          if (!cancelled) {
            setPdf({ doc, pdfjs });
            setPages(doc.numPages);
          }
        })
        .catch((e) => !cancelled && setError(errorText(e)));
    }
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId, viewer]);

  useEffect(() => {
    if (pdf && canvas.current) {
      pdf.pdfjs.drawPage(pdf.doc, page, canvas.current, ZOOMS[zoom] * 1.5, rotation).catch((e) => setError(String(e)));
    }
  }, [pdf, page, zoom, rotation]);

  if (!viewer) return <Alert severity="info">{t('files.noViewer', { name })}</Alert>;
  const tool = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false, attr = '') => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} data-viewer-tool={attr}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Box data-viewer={viewer} data-file-id={fileId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Typography sx={{ flexGrow: 1, fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        {tool(t('files.zoomOut'), <ZoomOut />, () => setZoom((z) => Math.max(0, z - 1)), zoom === 0, 'zoom-out')}
        <Typography variant="body2" sx={{ minWidth: 48, textAlign: 'center' }} data-viewer-zoom>
          {Math.round(ZOOMS[zoom] * 100)}%
        </Typography>
        {tool(t('files.zoomIn'), <ZoomIn />, () => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1)), zoom === ZOOMS.length - 1, 'zoom-in')}
        {tool(t('files.rotate'), <RotateRight />, () => setRotation((r) => (r + 90) % 360), false, 'rotate')}
        {viewer === 'pdf' && (
          <>
            {tool(t('files.previousPage'), <NavigateBefore />, () => setPage((p) => p - 1), page <= 1, 'previous')}
            <Typography variant="body2" data-viewer-page>
              {t('files.page', { page, pages })}
            </Typography>
            {tool(t('files.nextPage'), <NavigateNext />, () => setPage((p) => p + 1), page >= pages, 'next')}
          </>
        )}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ overflow: 'auto', maxHeight: '70vh', bgcolor: 'grey.100', p: 1, textAlign: 'center' }}>
        {viewer === 'image' && imageUrl && (
          <img
            src={imageUrl}
            alt={name}
            data-viewer-image
            style={{ transform: `rotate(${rotation}deg) scale(${ZOOMS[zoom]})`, transformOrigin: 'center', maxWidth: '100%', transition: 'transform 0.2s' }}
          />
        )}
        {viewer === 'pdf' && <canvas ref={canvas} data-viewer-canvas />}
      </Box>
    </Box>
  );
}

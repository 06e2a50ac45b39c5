import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import AttachmentsDialog from './AttachmentsDialog';

export interface FileButtonsProps {
  /** The export's buttons for this type, sub-type and mode (schemas/_modes.yaml and the type's buttons: rules). */
  buttons: readonly string[];
  businessId: string;
  lines: number;
  /** The document's type and business types (the guide's file groups of an upload). */
  subject?: { docType: string; businessType1?: string; businessType2?: string };
}

/** The toolbar's image upload and image view buttons, as the server's export offers them. */
export default function FileButtons({ buttons, businessId, lines, subject }: FileButtonsProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'upload' | 'view' | null>(null);
  const upload = buttons.includes('imageUpload');
  const view = buttons.includes('imageView');
  if (!upload && !view) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 2 }} data-file-buttons>
      {upload && (
        <Button variant="outlined" startIcon={<AddPhotoAlternate />} onClick={() => setMode('upload')} data-button="imageUpload">
          {t('buttons.imageUpload')}
        </Button>
      )}
      {view && (
        <Button variant="outlined" startIcon={<PhotoLibrary />} onClick={() => setMode('view')} data-button="imageView">
          {t('buttons.imageView')}
        </Button>
      )}
      <AttachmentsDialog open={mode !== null} onClose={() => setMode(null)} businessId={businessId} lines={lines} canUpload={mode === 'upload'} subject={subject} />
    </Box>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { isOldInternetExplorer } from './browser';

/** The notice recommending Chrome to an old Internet Explorer (documents.md 8). */
export default function IeNotice({ userAgent = globalThis.navigator?.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(false);
  if (closed || !isOldInternetExplorer(userAgent)) return null;
  return (
    <Alert
      severity="warning"
      data-notice="ie"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" onClick={() => setClosed(true)}>
          {t('ie.close')}
        </Button>
      }
    >
      <AlertTitle>{t('ie.title')}</AlertTitle>
      {t('ie.message')}
    </Alert>
  );
}

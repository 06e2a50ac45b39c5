import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { onNotice, type Notice } from './notices';

/** Shows the notices raised outside React (e.g. 'not logged in!' from the API client). */
export default function GlobalNotices() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => onNotice(setNotice), []);
  const close = () => setNotice(null);
  return (
    <Snackbar
      open={notice !== null}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={notice?.autoHideMs ?? null}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      <Alert severity={notice?.severity ?? 'info'} variant="filled" onClose={close} data-notice="global">
        {notice?.message}
      </Alert>
    </Snackbar>
  );
}

import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** /403, and any page the server refuses to show this person (HTTP 403). */
export default function ForbiddenPage({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  return (
    <Container sx={{ py: 6, textAlign: 'center' }} data-page="403">
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        403 · {t('forbidden.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('forbidden.message')}</Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-forbidden-detail>
          {detail}
        </Typography>
      )}
      <Button component={RouterLink} to="/Dashboard" variant="outlined">
        {t('forbidden.back')}
      </Button>
    </Container>
  );
}

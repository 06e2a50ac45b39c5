import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** /404 and any unknown route. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container sx={{ py: 6, textAlign: 'center' }} data-page="404">
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        404 · {t('notFound.title')}
      </Typography>
      <Button component={RouterLink} to="/Dashboard" variant="outlined">
        {t('notFound.back')}
      </Button>
    </Container>
  );
}

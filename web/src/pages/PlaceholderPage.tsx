import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { localText } from '../i18n/language';
import { flatten } from '../menu/menu';
import { useMenu } from '../menu/useMenu';

/**
 * A route that exists in the portal but has no page yet: it says so, and shows no data.
 * A hidden top-level route (/voucherCfg) takes the title of the menu entry of that code.
 */
export default function PlaceholderPage({ name, route }: { name: string; route?: boolean }) {
  const { t, i18n } = useTranslation();
  const { menu } = useMenu();
  const entry = route ? flatten(menu).find((n) => n.code === name) : undefined;
  const title = entry ? localText(entry.title, i18n.language) : '';
  const shown = title ? `${title} (${name})` : name;
  return (
    <Container sx={{ py: 3 }} data-page="placeholder" data-placeholder={name}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {shown}
      </Typography>
      <Alert severity="info" data-not-available={name}>
        {t('placeholder.message', { name: shown })}
      </Alert>
    </Container>
  );
}

import { useTranslation } from 'react-i18next';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import DocumentListView from './DocumentListView';

/**
 * 单据维护 (/cfg/docMaintain): the generic list over every document type, for whoever
 * holds that menu (administrators read every document): find any document by number,
 * reimburser or text and open it read-only with its approval history.
 */
export default function DocMaintainPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="doc-maintain">
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }} data-list-title>
        {title || t('lists.maintainTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('lists.maintainHint')}
      </Typography>
      <DocumentListView docType="" wide />
    </Container>
  );
}

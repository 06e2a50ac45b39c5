import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import { docTypesQuery } from '../api/queries';
import { localText } from '../i18n/language';
import { useEdition } from '../auth/useEdition';

export interface FormListPageProps {
  docType: string;
  /** The menu entry's title, if any. */
  title?: string;
}

/**
 * The generic form-list page of one document type (?docType=): a "new" button that
 * opens /form?docType=X&action=new. not done: the list of documents itself comes with the
 * document list query (issue 15 item 2).
 */
export default function FormListPage({ docType, title }: FormListPageProps) {
  const { t, i18n } = useTranslation();
  const { edition, ready } = useEdition();
  const registry = useQuery({ ...docTypesQuery(i18n.language, edition), enabled: ready });
  const entry = registry.data?.find((d) => d.docType === docType);
  const name = entry ? `${docType} ${localText(entry.title, i18n.language)}` : title ? `${docType} ${title}` : docType;

  if (!docType) {
    return (
      <Container sx={{ py: 3 }}>
        <Alert severity="error" data-error="no-doc-type">
          {t('list.missingDocType')}
        </Alert>
      </Container>
    );
  }
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="form-list" data-doc-type={docType}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-list-title>
          {t('list.title', { name })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddCircleOutlineIcon />}
          component={RouterLink}
          to={`/form?${new URLSearchParams({ docType, action: 'new' })}`}
          disabled={!entry}
          data-action="new"
        >
          {t('list.newDoc')}
        </Button>
      </Box>
      {registry.isPending && <LinearProgress />}
      {registry.isSuccess && !entry && (
        <Alert severity="warning" sx={{ mb: 2 }} data-error="unknown-doc-type">
          {t('list.unknownDocType', { docType })}
        </Alert>
      )}
    </Container>
  );
}

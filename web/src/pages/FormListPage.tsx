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
import DocumentListView from '../lists/DocumentListView';

export interface FormListPageProps {
  docType: string;
  /** The menu entry's sub-type preset (businessType1 or 2): the list is filtered to it and 新建 creates a document of it. */
  subType?: string;
  /** The menu entry's title, if any. */
  title?: string;
}

/**
 * The generic form-list page of one document type (?docType=, or the type a menu entry
 * lists): the documents of that type the user may read, searched, filtered, sorted,
 * paged and exported (lists/DocumentListView), and 新建, which opens
 * /form?docType=X&action=new. A menu entry's sub-type (YG00002: TB with T01) filters the
 * list to it and is the new document's.
 */
export default function FormListPage({ docType, subType, title }: FormListPageProps) {
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
  const newButton = (
    <Button
      variant="contained"
      startIcon={<AddCircleOutlineIcon />}
      component={RouterLink}
      to={`/form?${new URLSearchParams(subType ? { docType, action: 'new', subType } : { docType, action: 'new' })}`}
      disabled={!entry}
      data-action="new"
    >
      {t('lists.newDoc')}
    </Button>
  );
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="form-list" data-doc-type={docType} data-sub-type={subType}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-list-title>
          {t('lists.title', { name })}
        </Typography>
      </Box>
      {registry.isPending && <LinearProgress />}
      {registry.isSuccess && !entry && (
        <Alert severity="warning" sx={{ mb: 2 }} data-error="unknown-doc-type">
          {t('list.unknownDocType', { docType })}
        </Alert>
      )}
      <DocumentListView docType={docType} subType={subType} actions={newButton} />
    </Container>
  );
}

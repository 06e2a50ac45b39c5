import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorText } from '../api/client';
import { APPROVERS_PATH, DELEGATIONS_PATH, typesByArea } from './configPages';
import { typesQuery } from './queries';

/** The address of a type's list page. */
export const listPath = (type: string) => `/masterdata/${encodeURIComponent(type)}`;

/**
 * Master-data query and maintenance (/cfg/dataQuery, /cfg/dataMaintain): every type the
 * user may read (maintain: change) by area, each opening its list; maintenance also
 * links the configuration pages that are not master data. Table maintenance
 * (/cfg/tableMaintain) is maintenance of the configuration tables' areas only.
 */
export default function MasterDataCataloguePage({ mode, title, only }: { mode: 'query' | 'maintain'; title?: string; only?: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const types = useQuery(typesQuery(i18n.language));
  const areas = typesByArea(types.data ?? [], mode, only);
  return (
    <Container maxWidth="xl" sx={{ py: 3 }} data-page="md-catalogue" data-mode={mode}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title || (mode === 'query' ? t('md.catalogue.query') : t('md.catalogue.maintain'))}
      </Typography>
      {types.isPending && <LinearProgress />}
      {types.isError && (
        <Alert severity="error" data-error="md-types">
          {`${t('md.list.typesFailed')}: ${errorText(types.error)}`}
        </Alert>
      )}
      {types.isSuccess && areas.length === 0 && <Alert severity="info">{t('md.catalogue.empty')}</Alert>}
      {areas.map(({ area, types: list }) => (
        <Paper key={area} variant="outlined" sx={{ p: 2, mb: 2 }} data-area={area}>
          <Typography variant="h6" sx={{ mb: 1 }}>
            {area || t('md.catalogue.otherArea')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {list.map((type) => (
              <Button key={type.code} variant="outlined" component={RouterLink} to={listPath(type.code)} data-md-open={type.code}>
                {type.title}
              </Button>
            ))}
          </Box>
        </Paper>
      ))}
      {mode === 'maintain' && !only && (
        <Paper variant="outlined" sx={{ p: 2 }} data-area="cfg">
          <Typography variant="h6" sx={{ mb: 1 }}>
            {t('md.catalogue.configuration')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" component={RouterLink} to={DELEGATIONS_PATH} data-cfg-open="delegations">
              {t('md.delegation.title')}
            </Button>
            <Button variant="outlined" component={RouterLink} to={APPROVERS_PATH} data-cfg-open="approvers">
              {t('md.approver.title')}
            </Button>
          </Box>
        </Paper>
      )}
    </Container>
  );
}

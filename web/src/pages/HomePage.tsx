import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { docTypesQuery } from '../api/queries';
import { localText } from '../i18n/language';

/** The home page: the registered document types, each with a link to a new form, and an opener for a saved document. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery(docTypesQuery(i18n.language));
  const [openType, setOpenType] = useState('');
  const [openId, setOpenId] = useState('');
  const docTypes = data ?? [];
  const chosenType = docTypes.some((d) => d.docType === openType) ? openType : '';

  const openExisting = () => {
    if (!chosenType || !openId.trim()) return;
    navigate(`/form?${new URLSearchParams({ docType: chosenType, businessId: openId.trim(), action: 'edit' })}`);
  };

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('home.title')}
      </Typography>
      {isPending && <CircularProgress />}
      {isError && <Alert severity="error">{t('home.loadFailed')}</Alert>}
      {data && (
        <TableContainer component={Paper} variant="outlined" sx={{ mb: 3 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('home.docType')}</TableCell>
                <TableCell>{t('home.docTitle')}</TableCell>
                <TableCell>{t('home.family')}</TableCell>
                <TableCell>{t('home.version')}</TableCell>
                <TableCell>{t('home.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {docTypes.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>{t('home.empty')}</TableCell>
                </TableRow>
              )}
              {docTypes.map((d) => (
                <TableRow key={d.docType} data-doc-type={d.docType}>
                  <TableCell>{d.docType}</TableCell>
                  <TableCell>{localText(d.title, i18n.language)}</TableCell>
                  <TableCell>{d.family}</TableCell>
                  <TableCell>{d.version}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      variant="contained"
                      component={RouterLink}
                      to={`/form?${new URLSearchParams({ docType: d.docType, action: 'new' })}`}
                    >
                      {t('home.newForm')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
          {t('home.openExisting')}
        </Typography>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
          onSubmit={(e) => {
            e.preventDefault();
            openExisting();
          }}
        >
          <TextField
            select
            size="small"
            label={t('home.docType')}
            value={chosenType}
            onChange={(e) => setOpenType(e.target.value)}
            sx={{ minWidth: 220 }}
          >
            {docTypes.map((d) => (
              <MenuItem key={d.docType} value={d.docType}>
                {d.docType} {localText(d.title, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('home.businessId')}
            value={openId}
            onChange={(e) => setOpenId(e.target.value)}
            sx={{ minWidth: 260 }}
          />
          <Button type="submit" variant="outlined" disabled={!chosenType || !openId.trim()}>
            {t('home.open')}
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}

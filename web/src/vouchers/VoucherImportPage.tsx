import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { errorText } from '../api/client';
import RowFindings from '../masterdata/RowFindings';
import { saveFile } from '../masterdata/saveFile';
import { downloadVoucherTemplate, uploadVoucherResults, type VoucherImport } from './api';
import WorkbookButton from '../masterdata/WorkbookButton';
import { sheetField, useWorkbookImport } from '../masterdata/useWorkbookImport';

/**
 * The voucher import (CW00002 凭证导入): the posting results of vouchers posted outside the
 * adapter come in as a workbook (the template's columns), all rows or none; a refused file
 * shows each bad row and column, an imported one the vouchers with their numbers.
 */
export default function VoucherImportPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const importing = useWorkbookImport<VoucherImport>(uploadVoucherResults);
  const { result, findings } = importing;
  const template = useMutation({
    mutationFn: downloadVoucherTemplate,
    onSuccess: (file) => saveFile(file, 'voucher-import.xlsx'),
  });
  const failure = importing.failure || (template.isError ? errorText(template.error) : '');
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} data-page="voucher-import">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-list-title>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('vouchers.importColumns')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
        <WorkbookButton variant="contained" label={t('vouchers.importChoose')} disabled={importing.pending} data="voucher-import-file" onFile={importing.start} />
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => template.mutate()} disabled={template.isPending} data-voucher-template>
          {t('vouchers.importTemplate')}
        </Button>
      </Box>
      {importing.pending && <LinearProgress sx={{ mb: 1 }} />}
      {failure && <Alert severity="error">{failure}</Alert>}
      <RowFindings
        findings={findings}
        data="voucher-import-findings"
        texts={{ refused: t('vouchers.importRefused'), row: t('vouchers.importRow'), field: t('vouchers.importField'), problem: t('vouchers.importProblem') }}
        fieldOf={sheetField}
      />
      {result && (
        <>
          <Alert severity="success" sx={{ mb: 1 }} data-voucher-imported>
            {t('vouchers.importDone', { imported: result.imported })}
          </Alert>
          <Table size="small" data-voucher-import-result>
            <TableHead>
              <TableRow>
                {(['businessId', 'sapStatus', 'sapBelnr', 'fiscalYear', 'sapMsg'] as const).map((k) => (
                  <TableCell key={k}>{t(`vouchers.${k}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(result.vouchers ?? []).map((v) => (
                <TableRow key={v.businessId} data-voucher-row={v.businessId}>
                  <TableCell>{v.businessId}</TableCell>
                  <TableCell>{v.sapStatus}</TableCell>
                  <TableCell data-voucher-belnr>{v.sapBelnr}</TableCell>
                  <TableCell>{v.fiscalYear}</TableCell>
                  <TableCell>{v.sapMsg}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Container>
  );
}

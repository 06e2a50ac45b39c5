import { Fragment } from 'react';
import type { FieldProps, RJSFSchema, UiSchema, ErrorSchema } from '@rjsf/utils';
import { toFieldPathId } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { FieldState } from '../../api/types';
import { columnWidth, lineColumns } from './columns';
import { isDeletedRow, isLineStatus, rowBackground } from './rowStatus';
import { useRowKeys } from './useRowKeys';
import InvoicePicker from '../../invoices/InvoicePicker';

type Row = Record<string, unknown>;

/** A column's uiSchema for a cell: no label, compact editors, one-line text areas. */
function cellUiSchema(ui: UiSchema): UiSchema {
  const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  return { ...ui, 'ui:label': false, 'ui:options': { ...options, rows: 1, mui: { size: 'small' } } };
}

/**
 * ui:field "lineTable": an array of rows as a table, one column per item property in
 * ui:order, each cell edited by the registered rjsf widget for its property. Rows are
 * coloured by `ui:options.statusField`; rows with flag "D" are struck through and
 * read-only. Cell states from the evaluate call arrive in `ui:options.rowStates`.
 */
export default function LineTableField(props: FieldProps) {
  const { schema, uiSchema = {}, formData, errorSchema, fieldPathId, registry, onChange, onBlur, onFocus, disabled, readonly, name } = props;
  const { t } = useTranslation();
  const rows: Row[] = Array.isArray(formData) ? (formData as Row[]) : [];
  const rowKeys = useRowKeys(rows.length);
  const { SchemaField } = registry.fields;
  const { schemaUtils, globalFormOptions } = registry;

  const itemSchema = schemaUtils.retrieveSchema((schema.items ?? {}) as RJSFSchema, undefined);
  const itemUi = (uiSchema.items ?? {}) as UiSchema;
  const options = (uiSchema['ui:options'] ?? {}) as Record<string, unknown>;
  const statusField = typeof options.statusField === 'string' ? options.statusField : undefined;
  const rowStates = (options.rowStates ?? {}) as Record<string, Record<string, FieldState>>;
  const columns = lineColumns(itemSchema, itemUi);
  // A table whose every column is read-only (a read-only action mode) takes no new or removed rows.
  const locked = disabled || readonly || columns.every((c) => c.uiSchema['ui:readonly'] === true || c.schema.readOnly === true);
  const canAdd = !locked && options.addable !== false;
  const canRemove = !locked && options.removable !== false;
  const title = (uiSchema['ui:title'] as string | undefined) ?? schema.title ?? name;
  const errors = (errorSchema ?? {}) as Record<number, ErrorSchema & { __errors?: string[] }>;

  const addRow = () => {
    const fresh = schemaUtils.getDefaultFormState(itemSchema, undefined) as Row | undefined;
    rowKeys.add();
    onChange([...rows, fresh ?? {}], fieldPathId.path);
  };
  // an invoice from my invoices (invoices/InvoicePicker), its recognised fields confirmed
  const pickedRow = (row: Row) => {
    rowKeys.add();
    onChange([...rows, row], fieldPathId.path);
  };
  const removeRow = (index: number) => {
    rowKeys.remove(index);
    onChange(rows.filter((_, i) => i !== index), fieldPathId.path);
  };

  return (
    <Box sx={{ mt: 2 }} data-table={name}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {canAdd && name === 'invoiceList' && <InvoicePicker onPick={(row) => pickedRow(row as Row)} />}
        {canAdd && (
          <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={addRow} data-action="add-row">
            {t('table.addRow')}
          </Button>
        )}
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }}>{t('table.rowNo')}</TableCell>
              {columns.map((c) => (
                <TableCell key={c.name} sx={{ minWidth: columnWidth(c), whiteSpace: 'nowrap' }}>
                  {(c.uiSchema['ui:title'] as string | undefined) ?? c.schema.title ?? c.name}
                  {c.required && (
                    <Box component="span" sx={{ color: 'error.main' }}>
                      {' *'}
                    </Box>
                  )}
                </TableCell>
              ))}
              {canRemove && <TableCell sx={{ width: 56 }}>{t('table.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 2} align="center" sx={{ color: 'text.secondary' }}>
                  {t('table.empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, index) => {
              const deleted = isDeletedRow(row);
              const status = statusField ? row?.[statusField] : undefined;
              const rowPathId = toFieldPathId(index, globalFormOptions, fieldPathId);
              const rowErrors = errors[index]?.__errors ?? [];
              const cellStates = rowStates[String(index)] ?? {};
              return (
                <Fragment key={rowKeys.keys[index]}>
                <TableRow
                  data-row={index}
                  data-status={typeof status === 'string' ? status : undefined}
                  sx={{
                    bgcolor: rowBackground(status),
                    verticalAlign: 'top',
                    ...(deleted ? { textDecoration: 'line-through', opacity: 0.55 } : {}),
                  }}
                >
                  <TableCell sx={{ pt: 2 }}>{index + 1}</TableCell>
                  {columns.map((c) => {
                    const state = cellStates[c.name];
                    if (state?.visible === false) return <TableCell key={c.name} />;
                    if (c.name === statusField) {
                      return (
                        <TableCell key={c.name} sx={{ pt: 2, whiteSpace: 'nowrap' }} data-cell={c.name}>
                          {isLineStatus(status) ? t(`status.${status}`) : String(status ?? '')}
                        </TableCell>
                      );
                    }
                    return (
                      <TableCell key={c.name} data-cell={c.name}>
                        <SchemaField
                          name={c.name}
                          schema={c.schema}
                          uiSchema={cellUiSchema(c.uiSchema)}
                          formData={row?.[c.name]}
                          errorSchema={errors[index]?.[c.name] as ErrorSchema | undefined}
                          fieldPathId={toFieldPathId(c.name, globalFormOptions, rowPathId)}
                          required={state?.required ?? c.required}
                          onChange={onChange}
                          onBlur={onBlur}
                          onFocus={onFocus}
                          registry={registry}
                          disabled={disabled}
                          readonly={readonly || deleted || state?.editable === false}
                          hideError={false}
                        />
                      </TableCell>
                    );
                  })}
                  {canRemove && (
                    <TableCell sx={{ pt: 1 }}>
                      <Tooltip title={t('table.deleteRow')}>
                        <IconButton
                          size="small"
                          aria-label={t('table.deleteRow')}
                          data-action="delete-row"
                          onClick={() => removeRow(index)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  )}
                </TableRow>
                {rowErrors.length > 0 && (
                  <TableRow>
                    <TableCell colSpan={columns.length + 2} sx={{ color: 'error.main', borderBottom: 0 }}>
                      {rowErrors.join('; ')}
                    </TableCell>
                  </TableRow>
                )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

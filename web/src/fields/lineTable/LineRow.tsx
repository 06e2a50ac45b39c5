import { memo } from 'react';
import type { ErrorSchema, FieldPathId, FieldProps, GlobalFormOptions, Registry, UiSchema } from '@rjsf/utils';
import { toFieldPathId } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { FieldState } from '../../api/types';
import type { LineColumn } from './columns';
import { isDeletedRow, isLineStatus, rowBackground } from './rowStatus';
import LineCell from './LineCell';

type Row = Record<string, unknown>;

/** A column as a row renders it: with its cell's uiSchema made once per schema. */
export type RowColumn = LineColumn & { cellUiSchema: UiSchema };

export interface LineRowProps {
  index: number;
  row: Row;
  columns: RowColumn[];
  /** The evaluate call's states of this row's cells, by column. */
  cellStates: Record<string, FieldState> | undefined;
  /** The server's findings at this row (its own under __errors, its cells' by column). */
  errors: (ErrorSchema & { __errors?: string[] }) | undefined;
  statusField: string | undefined;
  tablePathId: FieldPathId;
  globalFormOptions: GlobalFormOptions;
  registry: Registry;
  disabled: boolean;
  readonly: boolean;
  canRemove: boolean;
  onChange: FieldProps['onChange'];
  onBlur: FieldProps['onBlur'];
  onFocus: FieldProps['onFocus'];
  onRemove: (index: number) => void;
}

/** A compact, label-less editor for a cell. */
export function cellUiSchema(ui: UiSchema): UiSchema {
  const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  return { ...ui, 'ui:label': false, 'ui:options': { ...options, rows: 1, mui: { size: 'small' } } };
}

/**
 * One line: its number, a cell per column and the delete button, then the line's own
 * findings, in a tbody of its own.
 */
function LineRow(props: LineRowProps) {
  const { index, row, columns, cellStates = {}, errors, statusField, tablePathId, globalFormOptions, registry, disabled, readonly, canRemove } = props;
  const { t } = useTranslation();
  const deleted = isDeletedRow(row);
  const status = statusField ? row?.[statusField] : undefined;
  const rowPathId = toFieldPathId(index, globalFormOptions, tablePathId);
  const rowErrors = errors?.__errors ?? [];
  return (
    <TableBody data-index={index}>
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
              <LineCell
                name={c.name}
                schema={c.schema}
                uiSchema={c.cellUiSchema}
                value={row?.[c.name]}
                errorSchema={errors?.[c.name] as ErrorSchema | undefined}
                fieldPathId={toFieldPathId(c.name, globalFormOptions, rowPathId)}
                required={state?.required ?? c.required}
                onChange={props.onChange}
                onBlur={props.onBlur}
                onFocus={props.onFocus}
                registry={registry}
                disabled={disabled}
                readonly={readonly || deleted || state?.editable === false}
              />
            </TableCell>
          );
        })}
        {canRemove && (
          <TableCell sx={{ pt: 1 }}>
            <Tooltip title={t('table.deleteRow')}>
              <IconButton size="small" aria-label={t('table.deleteRow')} data-action="delete-row" onClick={() => props.onRemove(index)}>
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
    </TableBody>
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameRow(a: Row, b: Row): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => sameValue(a[k], b[k]));
}

/**
 * Rows re-render only when what they show changed: the form hands every row a fresh copy
 * of its data on each change, so rows are compared by their values, not by identity.
 */
function sameRowProps(a: LineRowProps, b: LineRowProps): boolean {
  return (
    a.index === b.index &&
    a.columns === b.columns &&
    a.registry === b.registry &&
    a.disabled === b.disabled &&
    a.readonly === b.readonly &&
    a.canRemove === b.canRemove &&
    a.statusField === b.statusField &&
    a.onChange === b.onChange &&
    a.onBlur === b.onBlur &&
    a.onFocus === b.onFocus &&
    a.onRemove === b.onRemove &&
    a.globalFormOptions === b.globalFormOptions &&
    a.tablePathId.$id === b.tablePathId.$id &&
    sameRow(a.row, b.row) &&
    sameValue(a.cellStates, b.cellStates) &&
    sameValue(a.errors, b.errors)
  );
}

export default memo(LineRow, sameRowProps);

import { memo } from 'react';
import type { ErrorSchema, FieldPathId, FieldProps, GlobalFormOptions, Registry, UiSchema } from '@rjsf/utils';
import { toFieldPathId } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
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
    // Plain table elements in the static styles of boxStyles (.fw-table), as MUI's small table
    // looks: a long claim shows hundreds of cells (make bench-web).
    <tbody data-index={index}>
      <tr
        data-row={index}
        data-status={typeof status === 'string' ? status : undefined}
        style={{ backgroundColor: rowBackground(status), ...(deleted ? { textDecoration: 'line-through', opacity: 0.55 } : {}) }}
      >
        <td data-pad="top">{index + 1}</td>
        {columns.map((c) => {
          const state = cellStates[c.name];
          if (state?.visible === false) return <td key={c.name} />;
          if (c.name === statusField) {
            return (
              <td key={c.name} data-pad="top" data-nowrap data-cell={c.name}>
                {isLineStatus(status) ? t(`status.${status}`) : String(status ?? '')}
              </td>
            );
          }
          return (
            <td key={c.name} data-cell={c.name}>
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
            </td>
          );
        })}
        {canRemove && (
          <td data-pad="button">
            <button type="button" className="fw-box-button" title={t('table.deleteRow')} aria-label={t('table.deleteRow')} data-action="delete-row" onClick={() => props.onRemove(index)}>
              {/* MUI's DeleteOutline */}
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM8 9h8v10H8zm7.5-5-1-1h-5l-1 1H5v2h14V4z" />
              </svg>
            </button>
          </td>
        )}
      </tr>
      {rowErrors.length > 0 && (
        <tr>
          <td colSpan={columns.length + 2} data-tone="error">
            {rowErrors.join('; ')}
          </td>
        </tr>
      )}
    </tbody>
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

import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldProps, RJSFSchema, UiSchema, ErrorSchema } from '@rjsf/utils';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { FieldState } from '../../api/types';
import { columnWidth, lineColumns } from './columns';
import LineRow, { cellUiSchema, type RowColumn } from './LineRow';
import { useRowKeys } from './useRowKeys';
import type { DocumentFormContext } from '../../form/DocumentForm';
import type { PathSegment } from '../../form/paths';
import { applyEdit, rebase, withEdit, type Edit, type Pending, type Row } from './handedOver';
import InvoicePicker from '../../invoices/InvoicePicker';
import { TABLE_SCROLLER_VH } from '../../widgets/box/boxStyles';

/** The rows of a table whose value is not (yet) an array: one array, so that no render takes it for rows the form gave anew. */
const NO_ROWS: Row[] = [];

/** From this many rows on, a table draws only the rows in view (and a few around them). */
export const VIRTUAL_FROM = 40;
/**
 * The height of a row of small editors. Rows are not measured one by one (each measure
 * forces a layout of the page, which cost a thousand-line claim most of its first
 * second): the spacers above and below the rows in view take this height per row, and
 * a taller row (one with its findings under it) only shifts the scroll position a little.
 */
const ROW_ESTIMATE_PX = 57;
/**
 * The rows a long table draws as the form first renders; the rest of those in view follow
 * in a transition once it is on screen. A long table sits below the header, out of the
 * first screen (the 100-line EX02 of make bench-web: 1,358 px down a 1,000 px window), and
 * its first line is ready as soon as the form is.
 */
const FIRST_PASS_ROWS = 3;
/** The rows in view, but only the first FIRST_PASS_ROWS of them until the table was drawn once. */
const firstPassRange = (range: Range) => defaultRangeExtractor(range).slice(0, FIRST_PASS_ROWS);

/**
 * ui:field "lineTable": an array of rows as a table, one column per item property in
 * ui:order, each cell edited by the registered rjsf widget for its property. Rows are
 * coloured by `ui:options.statusField`; rows with flag "D" are struck through and
 * read-only. Cell states from the evaluate call arrive in `ui:options.rowStates`.
 * Rows are memoised and their cells keep what is typed until typing pauses, so a
 * keystroke re-renders one cell; a table of VIRTUAL_FROM rows or more scrolls within
 * itself and draws only the rows in view.
 */
export default function LineTableField(props: FieldProps) {
  const { schema, uiSchema = {}, formData, errorSchema, fieldPathId, registry, onChange, onBlur, onFocus, disabled, readonly, name } = props;
  const { t } = useTranslation();
  const rows: Row[] = Array.isArray(formData) ? (formData as Row[]) : NO_ROWS;
  const rowKeys = useRowKeys(rows.length);
  const { schemaUtils, globalFormOptions } = registry;

  const options = (uiSchema['ui:options'] ?? {}) as Record<string, unknown>;
  // The form hands the item schema over in ui:options (see liftLineItems).
  const itemsSchema = (options.itemSchema as RJSFSchema | undefined) ?? schema.items;
  const itemUi = uiSchema.items as UiSchema | undefined;
  const itemSchema = useMemo(() => schemaUtils.retrieveSchema((itemsSchema ?? {}) as RJSFSchema, undefined), [schemaUtils, itemsSchema]);
  const columns = useMemo<RowColumn[]>(
    () => lineColumns(itemSchema, itemUi ?? {}).map((c) => ({ ...c, cellUiSchema: cellUiSchema(c.uiSchema) })),
    [itemSchema, itemUi],
  );
  const statusField = typeof options.statusField === 'string' ? options.statusField : undefined;
  const rowStates = (options.rowStates ?? {}) as Record<string, Record<string, FieldState>>;
  // A table whose every column is read-only (a read-only action mode) takes no new or removed rows.
  const locked = disabled || readonly || columns.every((c) => c.uiSchema['ui:readonly'] === true || c.schema.readOnly === true);
  const canAdd = !locked && options.addable !== false;
  const canRemove = !locked && options.removable !== false;
  const title = (uiSchema['ui:title'] as string | undefined) ?? schema.title ?? name;
  const errors = (errorSchema ?? {}) as Record<number, ErrorSchema & { __errors?: string[] }>;

  // The handlers rows hold stay the same from render to render (rows are memoised).
  // Changes handed to the form and not yet back from it (a change is a transition) stay
  // in the base of the next change, laid again on rows the form gives meanwhile
  // (handedOver.ts).
  const toPage = (registry.formContext as DocumentFormContext | undefined)?.handOver;
  const latest = useRef({ rows, onChange, path: fieldPathId.path, rowKeys, toPage });
  const pending = useRef<Pending[]>([]);
  const seenRows = useRef(rows);
  useEffect(() => {
    let base = latest.current.rows;
    if (seenRows.current !== rows) {
      seenRows.current = rows;
      const next = rebase(rows, pending.current);
      pending.current = next.pending;
      base = next.rows;
    }
    latest.current = { rows: base, onChange, path: fieldPathId.path, rowKeys, toPage };
  });
  // Every change of the table's rows goes to the form as the whole rows, built on the
  // latest handed over, and as a transition (see LineCell): changes in one lane are
  // applied in order, so none overwrites another. The page is told the same rows in the
  // same transition (DocumentForm's onHandOver).
  const handOver = useCallback((edit: Edit, id?: string) => {
    const { onChange: change, path, rows: now, toPage } = latest.current;
    const next = applyEdit(now, edit);
    pending.current = withEdit(pending.current, edit);
    latest.current = { ...latest.current, rows: next };
    startTransition(() => {
      change(next, path, undefined, id);
      toPage?.(path, next);
    });
  }, []);
  const removeRow = useCallback(
    (index: number) => {
      latest.current.rowKeys.remove(index);
      handOver({ kind: 'remove', index, length: latest.current.rows.length - 1 });
    },
    [handOver],
  );
  // A cell's change goes to the form as the table's new rows (only the changed row a new
  // object): rjsf then neither re-checks nor re-hashes the whole document for one value.
  const changeCell = useCallback<FieldProps['onChange']>((value, path, es, id) => {
    const { rows: now, onChange: change, path: tablePath } = latest.current;
    const at = tablePath.length;
    const index = path[at];
    const samePrefix = path.length > at + 1 && tablePath.every((seg, i) => path[i] === seg) && typeof index === 'number' && index < now.length;
    if (!samePrefix) {
      change(value, path, es, id); // not a cell of this table's rows: as it came
      return;
    }
    handOver({ kind: 'cell', index, path: path.slice(at + 1) as PathSegment[], value }, id);
  }, [handOver]);
  const added = useRef(false);
  const appendRow = (row: Row) => {
    rowKeys.add();
    added.current = true;
    handOver({ kind: 'add', row, length: latest.current.rows.length + 1 });
  };
  const addRow = () => appendRow((schemaUtils.getDefaultFormState(itemSchema, undefined) as Row | undefined) ?? {});

  const virtual = rows.length >= VIRTUAL_FROM;
  const scroller = useRef<HTMLDivElement>(null);
  const [firstPass, setFirstPass] = useState(true);
  useEffect(() => {
    if (virtual && firstPass) startTransition(() => setFirstPass(false));
  }, [virtual, firstPass]);
  const virtualizer = useVirtualizer({
    rangeExtractor: firstPass ? firstPassRange : defaultRangeExtractor,
    count: virtual ? rows.length : 0,
    // a short table draws every row: no measuring of its box (a forced layout as the form mounts)
    enabled: virtual,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 3,
    getItemKey: (i) => rowKeys.keys[i] ?? i,
    // The scroller's height before it is measured: its most (boxStyles), which a long table
    // fills. The first render then draws the rows in view, and the measurement finds the
    // same range (no second render of the table as the form mounts).
    initialRect: { width: 0, height: Math.round((globalThis.innerHeight ?? 0) * (TABLE_SCROLLER_VH / 100)) },
  });
  // A row the person added is brought into view.
  useEffect(() => {
    if (added.current && virtual) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    added.current = false;
  }, [rows.length, virtual, virtualizer]);

  const rowOf = (index: number) => (
    <LineRow
      key={rowKeys.keys[index]}
      index={index}
      row={rows[index]}
      columns={columns}
      cellStates={rowStates[String(index)]}
      errors={errors[index]}
      statusField={statusField}
      tablePathId={fieldPathId}
      globalFormOptions={globalFormOptions}
      registry={registry}
      disabled={!!disabled}
      readonly={!!readonly}
      canRemove={canRemove}
      onChange={changeCell}
      onBlur={onBlur}
      onFocus={onFocus}
      onRemove={removeRow}
    />
  );

  const items = virtual ? virtualizer.getVirtualItems() : [];
  const before = items.length > 0 ? items[0].start : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const spacer = (height: number, key: string) =>
    height > 0 && (
      <tbody key={key} aria-hidden>
        <tr style={{ height }}>
          <td colSpan={columns.length + 2} data-spacer />
        </tr>
      </tbody>
    );
  // an invoice from my invoices (invoices/InvoicePicker), its recognised fields confirmed

  return (
    // Plain elements in the form's style sheet (boxStyles), as MUI's h6 and small outlined button look:
    // a form has six tables, each heading drawn by MUI cost a share of its first render (make bench-web).
    <div className="fw-table-section" data-table={name}>
      <div className="fw-table-head">
        <h6 className="fw-table-title">{title}</h6>
        {canAdd && name === 'invoiceList' && <InvoicePicker onPick={(row) => appendRow(row as Row)} />}
        {canAdd && (
          <button type="button" className="fw-button" onClick={addRow} data-action="add-row">
            <span className="fw-button-icon">
              {/* MUI's Add icon */}
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z" />
              </svg>
            </span>
            {t('table.addRow')}
          </button>
        )}
      </div>
      <div className="fw-table-frame" ref={scroller} data-scroller={virtual ? 'true' : undefined} data-rows={rows.length} data-drawn={virtual ? (firstPass ? 'first' : 'all') : undefined}>
        <table className="fw-table" data-sticky={virtual || undefined}>
          <thead>
            <tr>
              <th style={{ width: 56 }}>{t('table.rowNo')}</th>
              {columns.map((c) => (
                <th key={c.name} data-nowrap style={{ minWidth: columnWidth(c) }}>
                  {(c.uiSchema['ui:title'] as string | undefined) ?? c.schema.title ?? c.name}
                  {c.required && <span className="fw-table-required">{' *'}</span>}
                </th>
              ))}
              {canRemove && <th style={{ width: 56 }}>{t('table.actions')}</th>}
            </tr>
          </thead>
          {rows.length === 0 && (
            <tbody>
              <tr>
                <td colSpan={columns.length + 2} data-empty>
                  {t('table.empty')}
                </td>
              </tr>
            </tbody>
          )}
          {virtual ? (
            <>
              {spacer(before, 'before')}
              {items.map((item) => rowOf(item.index))}
              {spacer(after, 'after')}
            </>
          ) : (
            rows.map((_, index) => rowOf(index))
          )}
        </table>
      </div>
    </div>
  );
}

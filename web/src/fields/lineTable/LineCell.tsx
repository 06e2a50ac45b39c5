import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { ErrorSchema, FieldPathId, FieldPathList, FieldProps, Registry, RJSFSchema, UiSchema } from '@rjsf/utils';

/**
 * How long a cell keeps what is typed to itself before the form hears of it. Each
 * keystroke then re-renders one cell, not the form of a thousand lines; the form (and so
 * the evaluate call that follows the lines as typed) hears of a change once typing
 * pauses, when the cell is left, or when the row is scrolled out of view.
 */
export const CELL_COMMIT_MS = 150;

type OnChange = FieldProps['onChange'];

export interface LineCellProps {
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  value: unknown;
  errorSchema: ErrorSchema | undefined;
  fieldPathId: FieldPathId;
  required: boolean;
  registry: Registry;
  disabled: boolean;
  readonly: boolean;
  onChange: OnChange;
  onBlur: FieldProps['onBlur'];
  onFocus: FieldProps['onFocus'];
}

interface Draft {
  value: unknown;
  path: FieldPathList;
  errorSchema?: ErrorSchema;
  id?: string;
}

/**
 * One cell of a line table: the registered rjsf field for its column, holding what the
 * person types as its own draft until it hands it to the form (see CELL_COMMIT_MS).
 */
function LineCell(props: LineCellProps) {
  const { name, schema, uiSchema, value, errorSchema, fieldPathId, required, registry, disabled, readonly, onChange, onBlur, onFocus } = props;
  const { SchemaField } = registry.fields;
  const [draft, setDraft] = useState<Draft | null>(null);
  const pending = useRef<Draft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const commit = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const change = pending.current;
    pending.current = null;
    // The table hands it to the form as a transition: the form of a long claim
    // re-renders in slices, and the next keystroke is not kept waiting behind it.
    if (change) onChangeRef.current(change.value as never, change.path, change.errorSchema as never, change.id);
  }, []);

  // The form's value moved on (the draft arrived, or a load or an evaluate answer changed
  // it): the cell shows it again, unless the person is still typing.
  useEffect(() => {
    if (!pending.current) setDraft(null);
  }, [value]);
  // A row scrolled out of view (or removed) hands over what it holds.
  useEffect(() => commit, [commit]);

  const change = useCallback<OnChange>(
    (next, path, es, id) => {
      const d: Draft = { value: next, path, errorSchema: es as ErrorSchema | undefined, id };
      pending.current = d;
      setDraft(d);
      clearTimeout(timer.current);
      timer.current = setTimeout(commit, CELL_COMMIT_MS);
    },
    [commit],
  );
  const blur = useCallback<FieldProps['onBlur']>(
    (id, v) => {
      commit();
      onBlur(id, v);
    },
    [commit, onBlur],
  );

  return (
    <SchemaField
      name={name}
      schema={schema}
      uiSchema={uiSchema}
      formData={draft ? draft.value : value}
      errorSchema={errorSchema}
      fieldPathId={fieldPathId}
      required={required}
      onChange={change}
      onBlur={blur}
      onFocus={onFocus}
      registry={registry}
      disabled={disabled}
      readonly={readonly}
      hideError={false}
    />
  );
}

export default memo(LineCell);

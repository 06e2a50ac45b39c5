import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { RefPicker } from './RefPicker';
import { RefReadOnly } from './RefReadOnly';

/**
 * rjsf widget "ref" (uiSchema `"ui:widget": "ref"`, `"ui:options": {"ref": "<type>"}`):
 * the search picker for a code of master data; read-only, the code with its name.
 */
export default function RefWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, rawErrors, autofocus, options } = props;
  const type = typeof options.ref === 'string' ? options.ref : '';
  const common = {
    id,
    type,
    value,
    label: labelValue(label || undefined, hideLabel, undefined) as string | undefined,
    required,
    error: (rawErrors?.length ?? 0) > 0,
    size: hideLabel ? ('small' as const) : undefined,
  };
  if (disabled || readonly || !type) return <RefReadOnly {...common} disabled={disabled} />;
  return (
    <RefPicker
      {...common}
      onChange={(v) => onChange(v)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
      autoFocus={autofocus}
    />
  );
}

import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { DateInput } from './DateInput';

/** rjsf widget "date" (uiSchema `"ui:widget": "date"`): "yyyy-MM-dd" strings. */
export default function DateWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, rawErrors, autofocus } = props;
  return (
    <DateInput
      id={id}
      name={htmlName || id}
      value={value}
      onChange={(v) => onChange(v)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
      label={labelValue(label || undefined, hideLabel, undefined) as string | undefined}
      required={required}
      disabled={disabled || readonly}
      error={(rawErrors?.length ?? 0) > 0}
      autoFocus={autofocus}
      size={hideLabel ? 'small' : undefined}
    />
  );
}

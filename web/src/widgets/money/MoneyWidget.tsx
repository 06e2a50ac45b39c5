import type { WidgetProps } from '@rjsf/utils';
import { labelValue } from '@rjsf/utils';
import { MoneyInput } from './MoneyInput';

/** rjsf widget "money" (uiSchema `"ui:widget": "money"`). */
export default function MoneyWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, rawErrors, autofocus } = props;
  return (
    <MoneyInput
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

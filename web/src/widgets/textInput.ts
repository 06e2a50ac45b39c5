import type { FocusEvent } from 'react';
import type { TextFieldProps } from '@mui/material/TextField';
import { labelValue, type WidgetProps } from '@rjsf/utils';

/** The props of a text box that holds a V (DateInput: a date text, MoneyInput: a number, RefPicker: a record's key). */
export interface TextInputProps<V> {
  id: string;
  name?: string;
  value: unknown;
  onChange: (value: V | undefined) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  autoFocus?: boolean;
  size?: TextFieldProps['size'];
}

/** The size of a template's box (BaseInputTemplate, SelectWidget): the uiSchema's mui size, else small without a label (a table cell). */
export function widgetBoxSize(options: WidgetProps['options'], hideLabel: boolean | undefined): 'small' | 'medium' | undefined {
  return (options.mui as { size?: 'small' | 'medium' } | undefined)?.size ?? (hideLabel ? 'small' : undefined);
}

/** What an rjsf widget gives its text box: all but onChange, which keeps the box's type. */
export function widgetTextInput(props: WidgetProps): Omit<TextInputProps<never>, 'onChange'> {
  const { id, htmlName, value, onBlur, onFocus, label, hideLabel, required, disabled, readonly, rawErrors, autofocus } = props;
  return {
    id,
    name: htmlName || id,
    value,
    onBlur: (e) => onBlur(id, e.target.value),
    onFocus: (e) => onFocus(id, e.target.value),
    label: labelValue(label || undefined, hideLabel, undefined) as string | undefined,
    required,
    disabled: disabled || readonly,
    error: (rawErrors?.length ?? 0) > 0,
    autoFocus: autofocus,
    size: hideLabel ? 'small' : undefined,
  };
}

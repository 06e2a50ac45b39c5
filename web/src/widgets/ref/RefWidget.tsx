import type { WidgetProps } from '@rjsf/utils';
import { widgetTextInput } from '../textInput';
import { RefPicker } from './RefPicker';
import { RefReadOnly } from './RefReadOnly';

/**
 * rjsf widget "ref" (uiSchema `"ui:widget": "ref"`, `"ui:options": {"ref": "<type>"}`):
 * the search picker for a code of master data; read-only, the code with its name.
 */
export default function RefWidget(props: WidgetProps) {
  const { disabled, readonly, onChange, options } = props;
  const type = typeof options.ref === 'string' ? options.ref : '';
  const { id, value, label, required, error, size, onBlur, onFocus, autoFocus } = widgetTextInput(props);
  const common = { id, type, value, label, required, error, size };
  if (disabled || readonly || !type) return <RefReadOnly {...common} disabled={disabled} />;
  return <RefPicker {...common} onChange={(v) => onChange(v)} onBlur={onBlur} onFocus={onFocus} autoFocus={autoFocus} />;
}

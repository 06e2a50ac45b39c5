import type { WidgetProps } from '@rjsf/utils';
import { widgetTextInput } from '../textInput';
import { DateInput } from './DateInput';

/** rjsf widget "date" (uiSchema `"ui:widget": "date"`): "yyyy-MM-dd" strings. */
export default function DateWidget(props: WidgetProps) {
  return <DateInput {...widgetTextInput(props)} onChange={(v) => props.onChange(v)} />;
}

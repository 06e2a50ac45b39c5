import type { WidgetProps } from '@rjsf/utils';
import { widgetTextInput } from '../textInput';
import { MoneyInput } from './MoneyInput';

/** rjsf widget "money" (uiSchema `"ui:widget": "money"`). */
export default function MoneyWidget(props: WidgetProps) {
  return <MoneyInput {...widgetTextInput(props)} onChange={(v) => props.onChange(v)} />;
}

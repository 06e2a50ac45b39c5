import type { RegistryWidgetsType } from '@rjsf/utils';
import MoneyWidget from './money/MoneyWidget';
import DateWidget from './date/DateWidget';
import RefWidget from './ref/RefWidget';
import SelectWidget from './select/SelectWidget';

/** Custom widgets, registered under the names the exported uiSchema uses. */
export const widgets: RegistryWidgetsType = {
  money: MoneyWidget,
  date: DateWidget,
  ref: RefWidget,
  // rjsf's name for the enumeration widget: the plain select until it is first used
  SelectWidget,
};

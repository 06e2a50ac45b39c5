import type { RegistryWidgetsType } from '@rjsf/utils';
import MoneyWidget from './money/MoneyWidget';
import DateWidget from './date/DateWidget';
import RefWidget from './ref/RefWidget';

/** Custom widgets, registered under the names the exported uiSchema uses. */
export const widgets: RegistryWidgetsType = {
  money: MoneyWidget,
  date: DateWidget,
  ref: RefWidget,
};

import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';

const RjsfNumberField = getDefaultRegistry().fields.NumberField;

/**
 * A number field. rjsf's NumberField keeps what is typed ("12.", "1,5") and asks the
 * browser's number format for its decimal separator (a new Intl.NumberFormat) at every
 * render of every number field: a form of a few dozen amounts paid some milliseconds for
 * it each render (make bench-web). The money widget does that work itself (it shows the
 * text being typed and reports numbers), so its fields go straight to the string field
 * that renders the widget; any other number keeps rjsf's field.
 */
export default function NumberField(props: FieldProps) {
  if (getUiOptions(props.uiSchema).widget === 'money') {
    const { StringField } = props.registry.fields;
    return <StringField {...props} />;
  }
  return <RjsfNumberField {...props} />;
}

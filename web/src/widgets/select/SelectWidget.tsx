import { useState } from 'react';
import { Widgets } from '@rjsf/mui';
import { BoxShell } from '../box/TextBox';
import { widgetBoxSize } from '../textInput';
import { ariaDescribedByIds, enumOptionSelectedValue, SelectedOptionDescription, enumOptionsIsSelected, getOptionValueFormat, labelValue, type WidgetProps } from '@rjsf/utils';

const MuiSelectWidget = Widgets.SelectWidget;

/**
 * A choice of an enumeration: rjsf's MUI select, shown until it is first used as a plain
 * box that looks and reads the same (a combobox with the chosen option's text, the value
 * in a hidden input, the label, the arrow), made of static styles (boxStyles). A form
 * has a dozen selects, most never opened, and each MUI select mounts a text field, a
 * select and its menu's components: a good part of a form's first render (make
 * bench-web). Focus (Tab, a click, a test's click) makes it MUI's select, which takes the
 * focus; a press also opens its list, as on MUI's (which opens on mousedown).
 */
export default function SelectWidget(props: WidgetProps) {
  const [active, setActive] = useState<null | 'focus' | 'open'>(null);
  const { id, htmlName, value, options, label, hideLabel, required, disabled, readonly, multiple, rawErrors = [], placeholder } = props;
  if (multiple) return <MuiSelectWidget {...props} />;
  if (active) {
    const mui = (options.mui ?? {}) as Record<string, unknown> & { rjsfSlotProps?: Record<string, Record<string, unknown>> };
    const slots = mui.rjsfSlotProps ?? {};
    const opened = { ...options, mui: { ...mui, rjsfSlotProps: { ...slots, select: { ...slots.select, defaultOpen: active === 'open' } } } };
    return <MuiSelectWidget {...props} options={opened} autofocus />;
  }

  const enumOptions = options.enumOptions ?? [];
  const chosen = value === undefined || value === '' ? undefined : enumOptions.find((o) => enumOptionsIsSelected(o.value, value));
  const encoded = enumOptionSelectedValue(value, enumOptions, false, getOptionValueFormat(options), '');
  const off = disabled || readonly;
  const error = rawErrors.length > 0;
  const shown = labelValue(label || undefined, hideLabel, undefined) as string | undefined;
  const size = widgetBoxSize(options, hideLabel);
  return (
    <>
      <PlainSelect
        id={id}
        label={shown}
        required={required}
        size={size}
        error={error}
        disabled={off}
        text={chosen?.label}
        value={encoded === undefined ? '' : String(encoded)}
        name={htmlName || id}
        placeholder={placeholder ?? ''}
        describedBy={ariaDescribedByIds(id)}
        onActivate={setActive}
      />
      <SelectedOptionDescription {...props} />
    </>
  );
}

export interface PlainSelectProps {
  id: string;
  label?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  error?: boolean;
  disabled?: boolean;
  /** The chosen option's text; undefined: none chosen. */
  text?: string;
  /** The chosen option's value, in the hidden input as MUI's select keeps it. */
  value: string;
  name?: string;
  placeholder?: string;
  /** The ids of the texts describing it (a form field's errors and help). */
  describedBy?: string;
  /** The box is used: focused ('focus') or pressed ('open'); the caller puts MUI's select in its place. */
  onActivate: (how: 'focus' | 'open') => void;
}

/**
 * MUI's outlined select as a plain box that looks and reads the same (a combobox with the
 * chosen text, the value in a hidden input, the label, the arrow), made of static styles
 * (boxStyles), until it is first used: then the caller shows MUI's select, open after a
 * press (MUI's opens on mousedown), focused after a focus.
 */
export function PlainSelect({ id, label, required, size, error = false, disabled = false, text, value, name, placeholder = '', describedBy, onActivate }: PlainSelectProps) {
  return (
    <BoxShell
      id={id}
      label={label}
      required={required}
      size={size}
      shrink={text !== undefined}
      error={error}
      disabled={disabled}
      aria-describedby={describedBy}
      frame={{
        onMouseDown: (e) => {
          if (disabled || e.button !== 0) return;
          // the select takes the focus (autofocus) as it opens its list
          e.preventDefault();
          onActivate('open');
        },
      }}
    >
      <div
        role="combobox"
        id={id}
        tabIndex={disabled ? undefined : 0}
        aria-disabled={disabled || undefined}
        aria-expanded="false"
        aria-haspopup="listbox"
        aria-labelledby={`${id}-label ${id}`}
        className="fw-box-input fw-box-select"
        onFocus={() => !disabled && onActivate('focus')}
      >
        {text !== undefined ? text : <span aria-hidden="true">{'\u200b'}</span>}
      </div>
      <input aria-invalid={error} aria-hidden="true" tabIndex={-1} disabled={disabled} className="fw-box-native" placeholder={placeholder} value={value} name={name || id} readOnly />
      {/* MUI's ArrowDropDown, as the select shows it */}
      <svg className="fw-box-select-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M7 10l5 5 5-5z" />
      </svg>
    </BoxShell>
  );
}

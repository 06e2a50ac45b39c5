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
      <BoxShell
        id={id}
        label={shown}
        required={required}
        size={size}
        shrink={chosen !== undefined}
        error={error}
        disabled={off}
        aria-describedby={ariaDescribedByIds(id)}
        frame={{
          onMouseDown: (e) => {
            if (off || e.button !== 0) return;
            // the select takes the focus (autofocus) as it opens its list
            e.preventDefault();
            setActive('open');
          },
        }}
      >
        <div
          role="combobox"
          id={id}
          tabIndex={off ? undefined : 0}
          aria-disabled={off || undefined}
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-labelledby={`${id}-label ${id}`}
          className="fw-box-input fw-box-select"
          onFocus={() => !off && setActive('focus')}
        >
          {chosen ? chosen.label : <span aria-hidden="true">{'\u200b'}</span>}
        </div>
        <input
          aria-invalid={error}
          aria-hidden="true"
          tabIndex={-1}
          disabled={off}
          className="fw-box-native"
          placeholder={placeholder ?? ''}
          value={encoded === undefined ? '' : String(encoded)}
          name={htmlName || id}
          readOnly
        />
        {/* MUI's ArrowDropDown, as the select shows it */}
        <svg className="fw-box-select-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 10l5 5 5-5z" />
        </svg>
      </BoxShell>
      <SelectedOptionDescription {...props} />
    </>
  );
}

import type { ChangeEvent } from 'react';
import Typography from '@mui/material/Typography';
import { SchemaExamples } from '@rjsf/core';
import {
  ADDITIONAL_PROPERTY_FLAG,
  ariaDescribedByIds,
  errorId,
  examplesId,
  getInputProps,
  getTemplate,
  getUiOptions,
  labelValue,
  type FieldErrorProps,
  type FieldTemplateProps,
  type WidgetProps,
} from '@rjsf/utils';
import { TextBox } from '../widgets/box/TextBox';
import { widgetBoxSize } from '../widgets/textInput';

// The form's field templates in place of @rjsf/mui's: the same parts (box, description,
// messages, help) in plain elements with static styles (boxStyles), since a form
// renders them for every field (make bench-web). Pages outside the form keep MUI.

const TYPES_THAT_SHRINK_LABEL = ['date', 'datetime-local', 'file', 'time'];

/** A field: its widget, then its description, messages and help. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { children, classNames, style, displayLabel, hidden, errors, help, description, rawDescription, schema, uiSchema, registry } = props;
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;
  const uiOptions = getUiOptions(uiSchema);
  const content = (
    <>
      {children}
      {displayLabel && uiOptions.widget !== 'checkbox' && rawDescription ? (
        <Typography variant="caption" color="textSecondary">
          {description}
        </Typography>
      ) : null}
      {errors}
      {help}
    </>
  );
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) {
    return (
      <div className={classNames} style={style}>
        {content}
      </div>
    );
  }
  // A property of a free-keyed object (none in the catalogue today): rjsf's own wrapper with its key editor.
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  return <WrapIfAdditionalTemplate {...props}>{content}</WrapIfAdditionalTemplate>;
}

/** A field's messages, each under its id (`<field id>__error-<n>`). */
export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  const id = errorId(fieldPathId);
  return (
    <ul id={id} className="fw-field-errors">
      {errors.map((error, i) => (
        <li key={i} id={`${id}-${i}`}>
          {error}
        </li>
      ))}
    </ul>
  );
}

/** The text box of the text, number, email ... and text-area widgets. */
export function BaseInputTemplate(props: WidgetProps & { multiline?: boolean; rows?: number }) {
  const { id, htmlName, placeholder, required, readonly, disabled, type, label, hideLabel, value, onChange, onChangeOverride, onBlur, onFocus, autofocus, options, schema, rawErrors = [], multiline, rows } = props;
  const { step, min, max, accept, autoCapitalize, type: inputType, ...rest } = getInputProps(schema, type, options);
  const handleChange = (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value === '' ? options.emptyValue : e.target.value);
  return (
    <>
      <TextBox
        id={id}
        name={htmlName || id}
        value={value || value === 0 ? String(value) : ''}
        label={labelValue(label || undefined, hideLabel, undefined) as string | undefined}
        placeholder={placeholder || undefined}
        required={required}
        disabled={disabled || readonly}
        error={rawErrors.length > 0}
        size={widgetBoxSize(options, hideLabel)}
        autoFocus={autofocus}
        type={inputType}
        shrink={TYPES_THAT_SHRINK_LABEL.includes(String(inputType))}
        multiline={multiline}
        rows={rows}
        inputProps={{
          ...rest,
          step,
          min,
          max,
          accept,
          ...(autoCapitalize === undefined ? {} : { autoCapitalize }),
          ...(schema.examples ? { list: examplesId(id) } : undefined),
        }}
        onChange={(onChangeOverride as ((e: ChangeEvent<HTMLInputElement>) => void) | undefined) ?? handleChange}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
        aria-describedby={ariaDescribedByIds(id, !!schema.examples)}
      />
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}

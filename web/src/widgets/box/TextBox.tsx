import { useCallback, useRef, type ChangeEvent, type FocusEvent, type HTMLAttributes, type InputHTMLAttributes, type MouseEvent, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

/** The input's own attributes a caller may add (data-*, inputMode, maxLength, role, aria-*, style...). */
export type BoxInputAttributes = InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string | number | boolean | undefined>;

export interface TextBoxProps {
  id: string;
  name?: string;
  value: string;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  size?: 'small' | 'medium';
  autoFocus?: boolean;
  placeholder?: string;
  type?: string;
  /** The label stays above the box even while it is empty (a date's placeholder, a file). */
  shrink?: boolean;
  /** A text area of this many rows (at least), growing with its text. */
  multiline?: boolean;
  rows?: number;
  inputRef?: Ref<HTMLInputElement>;
  inputProps?: BoxInputAttributes;
  /** What follows the text inside the box: a name, an icon, a button. */
  endAdornment?: ReactNode;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onMouseDown?: (event: MouseEvent<HTMLDivElement>) => void;
  'aria-describedby'?: string;
}

/**
 * A text box that looks like MUI's outlined TextField (label on the outline, the
 * outline coloured on hover, focus, error and disabled) made of plain elements styled
 * by one static style sheet (boxStyles, put on the page once in main.tsx). A form
 * shows dozens of boxes, and each TextField mounts some twenty components with styles
 * of their own: they were most of a form's first render (make bench-web). Form widgets
 * use this box; pages with a few fields keep TextField.
 */
export function TextBox(props: TextBoxProps) {
  const {
    id,
    name,
    value,
    label,
    required,
    disabled,
    readOnly,
    error,
    size,
    autoFocus,
    placeholder,
    type,
    shrink,
    multiline,
    rows,
    inputRef,
    inputProps,
    endAdornment,
    onChange,
    onFocus,
    onBlur,
    onMouseDown,
  } = props;
  const own = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      own.current = el;
      if (typeof inputRef === 'function') inputRef(el);
      else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = el;
    },
    [inputRef],
  );
  // A click on the box beside the text (its padding, the name) puts the caret in the text, as on TextField.
  const focusText = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target !== own.current && !disabled && !(e.target as HTMLElement).closest('button')) own.current?.focus();
  };
  const common = {
    id,
    name: name ?? id,
    value,
    required,
    disabled,
    readOnly,
    autoFocus,
    placeholder,
    className: 'fw-box-input',
    'aria-invalid': error || undefined,
    'aria-describedby': props['aria-describedby'],
  };
  return (
    <BoxShell
      id={id}
      label={label}
      required={required}
      size={size}
      shrink={Boolean(shrink || value !== '' || placeholder)}
      error={error}
      disabled={disabled}
      frame={{ 'data-multiline': multiline || undefined, 'data-end': endAdornment ? true : undefined, onMouseDown, onClick: focusText }}
    >
      {multiline ? (
        <textarea
          {...(inputProps as InputHTMLAttributes<HTMLTextAreaElement>)}
          {...common}
          // the same events of a text area: what the handlers read (target.value) is there too
          {...({ onChange, onFocus, onBlur } as unknown as Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'onFocus' | 'onBlur'>)}
          rows={rows}
          ref={(el) => setRef(el as unknown as HTMLInputElement)}
        />
      ) : (
        <input {...inputProps} {...common} onChange={onChange} onFocus={onFocus} onBlur={onBlur} type={type ?? inputProps?.type ?? 'text'} ref={setRef} />
      )}
      {endAdornment}
    </BoxShell>
  );
}

export interface BoxShellProps {
  /** The id of the control inside (its label is `<id>-label`). */
  id: string;
  label?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  /** The label sits on the outline (the box holds something), not in the box. */
  shrink: boolean;
  error?: boolean;
  disabled?: boolean;
  'aria-describedby'?: string;
  /** The frame's attributes and handlers (the frame holds the control, what follows it and the outline). */
  frame?: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string | boolean | undefined>;
  children: ReactNode;
}

/**
 * The outlined box of TextBox and of the plain select (widgets/select): the label (required
 * ones marked " *"), the frame with the control and the outline, in boxStyles' classes.
 */
export function BoxShell({ id, label, required, size, shrink, error, disabled, frame, children, ...rest }: BoxShellProps) {
  return (
    <div
      className="fw-box"
      data-size={size === 'small' ? 'small' : undefined}
      data-shrink={shrink || undefined}
      data-error={error || undefined}
      data-disabled={disabled || undefined}
      aria-describedby={rest['aria-describedby']}
    >
      {label && (
        <label className="fw-box-label" htmlFor={id} id={`${id}-label`}>
          {label}
          {required && (
            <span aria-hidden="true" className="fw-box-asterisk">
              {' *'}
            </span>
          )}
        </label>
      )}
      <div className="fw-box-frame" {...frame}>
        {children}
        <span aria-hidden="true" className="fw-box-outline" />
      </div>
    </div>
  );
}

/** What follows the text in a box: text that gives way (ellipsis) before the text does. */
export function BoxAdornment({ children, tone, title, ...data }: { children: ReactNode; tone?: 'error' | 'secondary'; title?: string } & Record<`data-${string}`, string | undefined>) {
  return (
    <span className="fw-box-adornment" data-tone={tone} title={title} {...data}>
      {children}
    </span>
  );
}

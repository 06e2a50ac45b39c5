import { useCallback, useRef, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type MouseEvent, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

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
    <div
      className="fw-box"
      data-size={size === 'small' ? 'small' : undefined}
      data-shrink={shrink || value !== '' || placeholder ? true : undefined}
      data-error={error || undefined}
      data-disabled={disabled || undefined}
    >
      <BoxLabel id={id} label={label} required={required} />
      <div className="fw-box-frame" data-multiline={multiline || undefined} data-end={endAdornment ? true : undefined} onMouseDown={onMouseDown} onClick={focusText}>
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
        <span aria-hidden="true" className="fw-box-outline" />
      </div>
    </div>
  );
}

/** A box's label (`<id>-label`, for the box's id), on its outline once shrunk; required ones marked " *". */
export function BoxLabel({ id, label, required }: { id: string; label?: string; required?: boolean }) {
  if (!label) return null;
  return (
    <label className="fw-box-label" htmlFor={id} id={`${id}-label`}>
      {label}
      {required && (
        <span aria-hidden="true" className="fw-box-asterisk">
          {' *'}
        </span>
      )}
    </label>
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

import { useRef, useState, type FocusEvent } from 'react';
import { TextBox } from '../box/TextBox';
import { useTranslation } from 'react-i18next';
import { normalizeDate } from './date';
import type { TextInputProps } from '../textInput';

export type DateInputProps = TextInputProps<string>;

/**
 * A date text box holding "yyyy-MM-dd". Typed dates in other shapes (2024/1/5,
 * 20240105) are normalised; text that is no date is passed on unchanged so the server
 * can name the problem. A calendar button opens the browser's date picker.
 */
export function DateInput(props: DateInputProps) {
  const { id, name, value, onChange, onBlur, onFocus, label, required, disabled, error, autoFocus, size } = props;
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const stored = typeof value === 'string' ? value : '';

  const report = (text: string) => {
    const normalized = normalizeDate(text);
    onChange(normalized === null ? text : normalized);
  };

  return (
    <TextBox
      id={id}
      name={name ?? id}
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      autoFocus={autoFocus}
      size={size}
      placeholder="yyyy-MM-dd"
      value={editing ?? stored}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        setEditing(stored);
        onFocus?.(e);
      }}
      onChange={(e) => {
        setEditing(e.target.value);
        report(e.target.value);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        setEditing(null);
        onBlur?.(e);
      }}
      shrink
      inputProps={{ 'data-widget': 'date', maxLength: 12 }}
      endAdornment={
        disabled ? undefined : (
          <>
            <button type="button" className="fw-box-button" tabIndex={-1} aria-label={t('form.calendar')} onClick={() => picker.current?.showPicker?.()}>
              {/* MUI's CalendarMonthOutlined */}
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M19 4h-1V2h-2v2H8V2H6v2H5c-1.11 0-1.99.9-1.99 2L3 20c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 16H5V10h14zm0-12H5V6h14zM9 14H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2zm-8 4H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2z" />
              </svg>
            </button>
            <input
              ref={picker}
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              value={normalizeDate(stored) ?? ''}
              onChange={(e) => onChange(e.target.value || undefined)}
              style={{ position: 'absolute', right: 0, bottom: 0, width: 0, height: 0, opacity: 0, border: 0, padding: 0 }}
            />
          </>
        )
      }
    />
  );
}

import { useRef, useState, type FocusEvent } from 'react';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import IconButton from '@mui/material/IconButton';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
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
    <TextField
      id={id}
      name={name ?? id}
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      autoFocus={autoFocus}
      size={size}
      fullWidth
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
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-widget': 'date', maxLength: 12 },
        input: {
          endAdornment: disabled ? undefined : (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                tabIndex={-1}
                aria-label={t('form.calendar')}
                onClick={() => picker.current?.showPicker?.()}
              >
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                value={normalizeDate(stored) ?? ''}
                onChange={(e) => onChange(e.target.value || undefined)}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 0, height: 0, opacity: 0, border: 0, padding: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import { TextBox } from '../box/TextBox';
import { editMoneyText, formatMoney, isMoneyInput, parseMoney } from './money';
import type { TextInputProps } from '../textInput';

export type MoneyInputProps = TextInputProps<number>;

/**
 * A money text box: shows "1,234.50" when not focused; while focused shows the plain
 * number and accepts digits, commas, one point and a leading minus. It reports a number
 * rounded to 2 decimals within +/-999999999999999 (undefined when empty).
 */
export function MoneyInput(props: MoneyInputProps) {
  const { id, name, value, onChange, onBlur, onFocus, label, required, disabled, error, autoFocus, size } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Focusing swaps "1,234.50" for "1234.5". Unless a mouse click placed the caret, the new
  // text is selected (as tabbing into a field selects it) so typing replaces the amount.
  const reselect = useRef(false);
  const pointerDown = useRef(false);
  useLayoutEffect(() => {
    if (reselect.current && editing !== null) {
      reselect.current = false;
      input.current?.select();
    }
  }, [editing]);

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
      value={editing ?? formatMoney(value)}
      inputRef={input}
      onMouseDown={() => {
        pointerDown.current = document.activeElement !== input.current;
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        reselect.current = !pointerDown.current;
        pointerDown.current = false;
        setEditing(editMoneyText(value));
        onFocus?.(e);
      }}
      onChange={(e) => {
        const text = e.target.value;
        if (!isMoneyInput(text)) return;
        setEditing(text);
        const parsed = parseMoney(text);
        if (parsed !== null) onChange(parsed);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        setEditing(null);
        onBlur?.(e);
      }}
      inputProps={{ inputMode: 'decimal', style: { textAlign: 'right' }, 'data-widget': 'money' }}
    />
  );
}

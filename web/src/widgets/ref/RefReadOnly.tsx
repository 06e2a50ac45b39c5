import { TextBox, type TextBoxProps } from '../box/TextBox';
import { RefNameAdornment } from './RefNameAdornment';

export interface RefReadOnlyProps {
  id: string;
  type: string;
  value: unknown;
  label?: string;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  size?: TextBoxProps['size'];
}

/** A code of master data that cannot be changed here: the code, its name beside it (unknown codes marked). */
export function RefReadOnly({ id, type, value, label, required, error, disabled, size }: RefReadOnlyProps) {
  const code = typeof value === 'string' ? value : '';
  return (
    <TextBox
      id={id}
      value={code}
      label={label}
      required={required}
      error={error}
      size={size}
      disabled={disabled}
      readOnly
      inputProps={{ 'data-ref': type }}
      endAdornment={code && type ? <RefNameAdornment type={type} code={code} /> : undefined}
    />
  );
}

import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { RefNameAdornment } from './RefNameAdornment';

export interface RefReadOnlyProps {
  id: string;
  type: string;
  value: unknown;
  label?: string;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  size?: TextFieldProps['size'];
}

/** A code of master data that cannot be changed here: the code, its name beside it (unknown codes marked). */
export function RefReadOnly({ id, type, value, label, required, error, disabled, size }: RefReadOnlyProps) {
  const code = typeof value === 'string' ? value : '';
  return (
    <TextField
      id={id}
      value={code}
      label={label}
      required={required}
      error={error}
      size={size}
      fullWidth
      disabled={disabled}
      slotProps={{
        htmlInput: { readOnly: true, 'data-ref': type },
        input: { endAdornment: code && type ? <RefNameAdornment type={type} code={code} /> : undefined },
      }}
    />
  );
}

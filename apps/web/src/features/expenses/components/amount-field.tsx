import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string;
  hideLabel?: boolean;
  'data-testid'?: string;
}

/** Shekels with agorot as typed text (checked by parseShekels); digits run left to right in every language. */
export function AmountField({ value, onChange, label, error, hideLabel, ...rest }: AmountFieldProps) {
  return (
    <TextField
      size="small"
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      label={hideLabel ? undefined : label}
      error={Boolean(error)}
      helperText={error}
      placeholder="0"
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">₪</InputAdornment> },
        htmlInput: { dir: 'ltr', inputMode: 'decimal', 'aria-label': label, 'data-testid': rest['data-testid'], maxLength: 20, style: { textAlign: 'end' } },
      }}
    />
  );
}

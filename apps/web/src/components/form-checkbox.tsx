import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message';

interface FormCheckboxProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: ReactNode;
}

export function FormCheckbox<T extends FieldValues>({ control, name, label }: FormCheckboxProps<T>) {
  const { t } = useTranslation();
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error },
  } = useController({ control, name });
  const helperId = `${name}-helper`;
  return (
    <FormControl error={Boolean(error)} fullWidth>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={name}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={onBlur}
            inputRef={ref}
            slotProps={{ input: { 'aria-describedby': error ? helperId : undefined } }}
          />
        }
      />
      {error ? <FormHelperText id={helperId}>{translateMessage(t, error.message)}</FormHelperText> : null}
    </FormControl>
  );
}

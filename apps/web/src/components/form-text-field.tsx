import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../i18n/translate-message';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue'> & {
  control: Control<T>;
  name: Path<T>;
  /** A message the field shows while it is typed, before the form validates (e.g. a confirmation mismatch). */
  liveError?: string;
};

/** A labelled MUI text field bound to react-hook-form, showing the translated validation message. */
export function FormTextField<T extends FieldValues>({ control, name, helperText, slotProps, liveError, ...props }: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error },
  } = useController({ control, name });
  const errorText = translateMessage(t, error?.message) ?? liveError;
  return (
    <TextField
      fullWidth
      margin="normal"
      {...props}
      // Addresses read left to right even in Hebrew and Arabic; a text area takes the direction of what is
      // typed in it (an empty one, which `dir="auto"` would set left to right, follows the page).
      slotProps={
        props.type === 'email'
          ? { ...slotProps, htmlInput: { dir: 'ltr', ...slotProps?.htmlInput } }
          : props.multiline
            ? { ...slotProps, htmlInput: { dir: value ? 'auto' : undefined, ...slotProps?.htmlInput } }
            : slotProps
      }
      name={name}
      value={value ?? ''}
      onChange={onChange}
      onBlur={onBlur}
      inputRef={ref}
      error={Boolean(errorText)}
      helperText={
        errorText && helperText ? (
          // The rule stays in sight under the error, so the user sees what is asked.
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {errorText}
            </Box>
            <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {helperText}
            </Box>
          </>
        ) : (
          (errorText ?? helperText)
        )
      }
    />
  );
}

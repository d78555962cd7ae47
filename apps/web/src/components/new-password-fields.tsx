import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** The new password's field; its twin is always `confirmPassword` (the shared schemas' name). */
  name: Path<T>;
  label: string;
}

/** A new password with the strength hint, and its confirmation. */
export function NewPasswordFields<T extends FieldValues>({ control, name, label }: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        control={control}
        name={name}
        label={label}
        autoComplete="new-password"
        helperText={t('auth.register.passwordHint')}
        required
      />
      <PasswordField
        control={control}
        name={'confirmPassword' as Path<T>}
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        required
      />
    </>
  );
}

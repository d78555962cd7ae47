import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MSG } from '@magiim/shared';
import { translateMessage } from '../i18n/translate-message';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** The new password's field; its twin is always `confirmPassword` (the shared schemas' name). */
  name: Path<T>;
  label: string;
}

/** Wrong as soon as it is certain: it no longer starts the password, or is as long and differs. */
export const confirmationMismatch = (password: string, confirmation: string): boolean =>
  confirmation !== '' && (confirmation.length >= password.length ? confirmation !== password : !password.startsWith(confirmation));

/** A new password with the strength hint, and its confirmation, which flags a mismatch while it is typed. */
export function NewPasswordFields<T extends FieldValues>({ control, name, label }: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation();
  const confirmName = 'confirmPassword' as Path<T>;
  const [password, confirmation] = useWatch({ control, name: [name, confirmName] }) as [string | undefined, string | undefined];
  const mismatch = confirmationMismatch(password ?? '', confirmation ?? '');
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
        name={confirmName}
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        required
        liveError={mismatch ? translateMessage(t, MSG.passwordsMismatch) : undefined}
      />
    </>
  );
}

import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@magiim/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../app/api-error';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import { useServerErrors } from '../../../components/use-server-errors';
import { useChangePassword } from '../api';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const { control, handleSubmit, setError, reset, watch } = useForm<
    z.input<typeof changePasswordSchema>,
    unknown,
    z.output<typeof changePasswordSchema>
  >({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);

  // "Saved" describes what was sent; once the user types again it no longer holds.
  const { reset: clearSaved } = changePassword;
  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === 'change') clearSaved();
    });
    return () => subscription.unsubscribe();
  }, [watch, clearSaved]);

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    changePassword.reset();
    changePassword.mutate(values, {
      onSuccess: () => reset(EMPTY),
      onError: (error) => {
        // The wrong current password belongs next to that field.
        if (isApiError(error) && error.code === 'WRONG_CURRENT_PASSWORD') {
          setError('currentPassword', { type: 'server', message: 'errors.WRONG_CURRENT_PASSWORD' }, { shouldFocus: true });
        } else {
          handleError(error);
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="password-form">
      {changePassword.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }} role="status" data-testid="password-changed">
          {t('settings.password.changed')}
        </Alert>
      ) : null}
      <FormErrorAlert error={formError} />
      <PasswordField control={control} name="currentPassword" label={t('auth.fields.currentPassword')} autoComplete="current-password" required />
      <NewPasswordFields control={control} name="newPassword" label={t('auth.fields.newPassword')} />
      <Button type="submit" variant="contained" loading={changePassword.isPending} sx={{ mt: 2 }}>
        {t('settings.password.submit')}
      </Button>
    </form>
  );
}

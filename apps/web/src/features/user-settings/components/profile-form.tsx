import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileSchema, type UserData } from '@magiim/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useServerErrors } from '../../../components/use-server-errors';
import { useUpdateProfile } from '../api';
import { useIsolatedT } from '../../../design/isolated-text';

const FIELDS = ['fullName', 'email'] as const;

export function ProfileForm({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const ti = useIsolatedT();
  const updateProfile = useUpdateProfile();
  const { control, handleSubmit, setError, reset, watch } = useForm<
    z.input<typeof updateProfileSchema>,
    unknown,
    z.output<typeof updateProfileSchema>
  >({ resolver: zodResolver(updateProfileSchema), defaultValues: { fullName: user.fullName, email: user.email } });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);

  // "Saved" describes what was sent; once the user types again it no longer holds.
  const { reset: clearSaved } = updateProfile;
  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === 'change') clearSaved();
    });
    return () => subscription.unsubscribe();
  }, [watch, clearSaved]);

  // A fresh copy from the server replaces what the form started with.
  useEffect(() => {
    reset({ fullName: user.fullName, email: user.email });
  }, [user.fullName, user.email, reset]);

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    updateProfile.reset();
    updateProfile.mutate(values, { onError: handleError });
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="profile-form">
      {user.pendingEmail ? (
        <Alert severity="info" sx={{ my: 2 }} data-testid="pending-email">
          {ti('settings.profile.pendingEmail', { pendingEmail: user.pendingEmail, email: user.email })}
        </Alert>
      ) : null}
      {updateProfile.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }} role="status" data-testid="profile-saved">
          {t('settings.profile.saved')}
        </Alert>
      ) : null}
      <FormErrorAlert error={formError} />
      <FormTextField control={control} name="fullName" label={t('auth.fields.fullName')} autoComplete="name" required />
      <FormTextField
        control={control}
        name="email"
        type="email"
        label={t('auth.fields.email')}
        autoComplete="email"
        helperText={t('settings.profile.emailHint')}
        required
      />
      <Button type="submit" variant="contained" loading={updateProfile.isPending} sx={{ mt: 2 }}>
        {t('settings.profile.submit')}
      </Button>
    </form>
  );
}

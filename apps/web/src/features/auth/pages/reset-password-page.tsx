import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@magiim/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../app/api-error';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useServerErrors } from '../../../components/use-server-errors';
import { useCheckResetToken, useResetPassword } from '../api';
import { BackToLoginLink } from '../components/back-to-login-link';

const FIELDS = ['password', 'confirmPassword'] as const;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const resetPassword = useResetPassword();
  const tokenCheck = useCheckResetToken(token);
  const { control, handleSubmit, setError } = useForm<
    z.input<typeof resetPasswordFormSchema>,
    unknown,
    z.output<typeof resetPasswordFormSchema>
  >({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);
  const linkExpired = (isApiError(formError) && formError.code === 'INVALID_TOKEN') || tokenCheck.data === 'invalid';

  const onSubmit = handleSubmit(({ password }) => {
    clearFormError();
    resetPassword.mutate({ token, password }, { onError: handleError });
  });

  if (resetPassword.isSuccess) {
    return (
      <>
        <PageHeading>{t('auth.reset.title')}</PageHeading>
        <Alert severity="success" sx={{ my: 2 }} role="status" data-testid="reset-success">
          {t('auth.reset.success')}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('auth.reset.goToLogin')}
        </Button>
      </>
    );
  }

  if (tokenCheck.isPending) {
    return (
      <>
        <PageHeading>{t('auth.reset.title')}</PageHeading>
        <CircularProgress size={28} aria-label={t('auth.reset.checking')} />
      </>
    );
  }

  if (linkExpired) {
    return (
      <>
        <PageHeading>{t('auth.reset.expiredTitle')}</PageHeading>
        <Alert severity="warning" sx={{ my: 2 }} data-testid="reset-link-expired">
          {t('auth.reset.expired')}
        </Alert>
        <Button component={RouterLink} to="/forgot-password" variant="contained" size="large" fullWidth>
          {t('auth.reset.requestNew')}
        </Button>
        <BackToLoginLink />
      </>
    );
  }

  return (
    <>
      <PageHeading>{t('auth.reset.title')}</PageHeading>
      <Typography color="text.secondary">{t('auth.reset.intro')}</Typography>
      <FormErrorAlert error={formError} />
      <form onSubmit={onSubmit} noValidate>
        <NewPasswordFields control={control} name="password" label={t('auth.fields.newPassword')} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={resetPassword.isPending} sx={{ mt: 2 }}>
          {t('auth.reset.submit')}
        </Button>
      </form>
      <BackToLoginLink />
    </>
  );
}

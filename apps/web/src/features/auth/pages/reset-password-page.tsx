import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
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
import { useResetPassword } from '../api';
import { BackToLoginLink } from '../components/back-to-login-link';

const FIELDS = ['password', 'confirmPassword'] as const;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const resetPassword = useResetPassword();
  const { control, handleSubmit, setError } = useForm<
    z.input<typeof resetPasswordFormSchema>,
    unknown,
    z.output<typeof resetPasswordFormSchema>
  >({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);
  const linkExpired = isApiError(formError) && formError.code === 'INVALID_TOKEN';

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

  return (
    <>
      <PageHeading>{t('auth.reset.title')}</PageHeading>
      <Typography color="text.secondary">{t('auth.reset.intro')}</Typography>
      <FormErrorAlert error={formError} />
      {linkExpired ? (
        <Link component={RouterLink} to="/forgot-password">
          {t('auth.reset.requestNew')}
        </Link>
      ) : null}
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

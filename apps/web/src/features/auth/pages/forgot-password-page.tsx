import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { sendPasswordResetSchema } from '@magiim/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLanguage } from '../../../app/i18n';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { PageHeading } from '../../../components/page-heading';
import { useServerErrors } from '../../../components/use-server-errors';
import { useSendPasswordReset } from '../api';
import { BackToLoginLink } from '../components/back-to-login-link';
import { useIsolatedT } from '../../../design/isolated-text';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const ti = useIsolatedT();
  const sendReset = useSendPasswordReset();
  const { control, handleSubmit, setError } = useForm<
    z.input<typeof sendPasswordResetSchema>,
    unknown,
    z.output<typeof sendPasswordResetSchema>
  >({ resolver: zodResolver(sendPasswordResetSchema), defaultValues: { email: '' } });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);

  const onSubmit = handleSubmit(({ email }) => {
    clearFormError();
    sendReset.mutate({ email, lang: currentLanguage() }, { onError: handleError });
  });

  return (
    <>
      <PageHeading>{t('auth.forgot.title')}</PageHeading>
      {sendReset.isSuccess ? (
        // The same answer whether or not the account exists, so the page reveals nothing.
        <Alert severity="success" sx={{ my: 2 }} role="status" data-testid="reset-requested">
          {ti('auth.forgot.sent', { email: sendReset.variables.email })}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('auth.forgot.intro')}</Typography>
          <FormErrorAlert error={formError} />
          <form onSubmit={onSubmit} noValidate>
            <FormTextField control={control} name="email" type="email" label={t('auth.fields.email')} autoComplete="email" required />
            <Button type="submit" variant="contained" size="large" fullWidth loading={sendReset.isPending} sx={{ mt: 2 }}>
              {t('auth.forgot.submit')}
            </Button>
          </form>
        </>
      )}
      <BackToLoginLink />
    </>
  );
}

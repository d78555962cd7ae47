import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { checkLoginInput, type LoginInput } from '@magiim/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { returnPathOf } from '../../../app/routing/return-path';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { PageHeading } from '../../../components/page-heading';
import { PasswordField } from '../../../components/password-field';
import { useServerErrors } from '../../../components/use-server-errors';
import { useConfig } from '../../config/api';
import { useGoogleLogin, useLogin } from '../login-api';
import { GoogleSignInButton } from '../components/google-sign-in-button';

const FIELDS = ['email', 'password'] as const;

/** loginSchema's rules without zod (shared `checkLoginInput`): the sign-in page is the first screen, and zod would be a third of it. */
const loginResolver: Resolver<LoginInput> = (values) => {
  const issues = checkLoginInput(values);
  const fields = Object.keys(issues) as (keyof LoginInput)[];
  if (fields.length === 0) return { values: { ...values, email: values.email.trim().toLowerCase() }, errors: {} };
  return { values: {}, errors: Object.fromEntries(fields.map((field) => [field, { type: 'validation', message: issues[field] }])) };
};

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const googleLogin = useGoogleLogin();
  const { data: config } = useConfig();
  const { control, handleSubmit, setError } = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);
  const target = returnPathOf(useLocation().state);
  const goToEvents = () => void navigate(target, { replace: true });

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    login.mutate(values, { onSuccess: goToEvents, onError: handleError });
  });

  const onGoogleCredential = (credential: string) => {
    clearFormError();
    googleLogin.mutate({ credential, lang: currentLanguage() }, { onSuccess: goToEvents, onError: handleError });
  };

  return (
    <>
      <PageHeading>{t('auth.login.title')}</PageHeading>
      <Typography color="text.secondary">{t('auth.login.subtitle')}</Typography>
      <FormErrorAlert error={formError} />
      <form onSubmit={onSubmit} noValidate>
        <FormTextField control={control} name="email" type="email" label={t('auth.fields.email')} autoComplete="email" required />
        <PasswordField control={control} name="password" label={t('auth.fields.password')} autoComplete="current-password" required />
        <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('auth.login.forgotPassword')}
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" fullWidth loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
      </form>
      {config?.googleClientId ? (
        <>
          <Divider sx={{ my: 3 }}>{t('auth.login.or')}</Divider>
          <GoogleSignInButton clientId={config.googleClientId} onCredential={onGoogleCredential} />
        </>
      ) : null}
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('auth.login.noAccount')}{' '}
        <Link component={RouterLink} to={`/register/${currentLanguage()}`}>
          {t('auth.login.register')}
        </Link>
      </Typography>
    </>
  );
}

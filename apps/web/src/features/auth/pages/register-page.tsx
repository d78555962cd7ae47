import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, safeNextPath, type Lang } from '@magiim/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { rememberPendingNext } from '../pending-next';
import type { z } from 'zod';
import { currentLanguage } from '../../../app/i18n';
import { FormCheckbox } from '../../../components/form-checkbox';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { PageHeading } from '../../../components/page-heading';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useServerErrors } from '../../../components/use-server-errors';
import { useRegister } from '../api';

const FIELDS = ['fullName', 'email', 'password', 'confirmPassword', 'acceptTerms', 'isAdult', 'lang'] as const;

/** Checkboxes start unticked, which the schema's `true` literal would not allow as a form value. */
type RegisterFormValues = Omit<z.input<typeof registerSchema>, 'acceptTerms' | 'isAdult' | 'lang'> & {
  acceptTerms: boolean;
  isAdult: boolean;
  lang: Lang;
};

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // Back from "check your inbox" to correct a mistyped address: the name and address come along.
  const kept = (useLocation().state ?? {}) as { fullName?: string; email?: string };
  const register = useRegister();
  // A co-host invitation (or another page) that sent the visitor here: the verification link leads back to it.
  const next = safeNextPath(useSearchParams()[0].get('next'), window.location.origin) ?? undefined;
  const { control, handleSubmit, setError, setValue } = useForm<RegisterFormValues, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema) as Resolver<RegisterFormValues, unknown, z.output<typeof registerSchema>>,
    defaultValues: {
      fullName: kept.fullName ?? '',
      email: kept.email ?? '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
      isAdult: false,
      lang: currentLanguage(),
    },
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);

  // The account's language is the one the user registers in.
  useEffect(() => {
    setValue('lang', currentLanguage());
  }, [i18n.language, setValue]);

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    register.mutate(next ? { ...values, next } : values, {
      onSuccess: ({ email }) => {
        // Also kept in this browser, for a link asked for again from "check your inbox" (it carries no path).
        if (next) rememberPendingNext(next);
        void navigate('/send-verification-email', { state: { email, fullName: values.fullName, registered: true } });
      },
      onError: handleError,
    });
  });

  return (
    <>
      <PageHeading>{t('auth.register.title')}</PageHeading>
      <Typography color="text.secondary">{t('auth.register.subtitle')}</Typography>
      <FormErrorAlert error={formError} />
      <form onSubmit={onSubmit} noValidate>
        <FormTextField control={control} name="fullName" label={t('auth.fields.fullName')} autoComplete="name" required />
        <FormTextField control={control} name="email" type="email" label={t('auth.fields.email')} autoComplete="email" required />
        <NewPasswordFields control={control} name="password" label={t('auth.fields.password')} />
        <FormCheckbox
          control={control}
          name="acceptTerms"
          label={
            <Trans
              i18nKey="auth.register.acceptTerms"
              components={{
                terms: <Link component={RouterLink} to="/terms" target="_blank" rel="noopener" />,
                privacy: <Link component={RouterLink} to="/privacy" target="_blank" rel="noopener" />,
              }}
            />
          }
        />
        <FormCheckbox control={control} name="isAdult" label={t('auth.register.isAdult')} />
        <Button type="submit" variant="contained" size="large" fullWidth loading={register.isPending} sx={{ mt: 2 }}>
          {t('auth.register.submit')}
        </Button>
      </form>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('auth.register.haveAccount')}{' '}
        <Link component={RouterLink} to={`/login/${currentLanguage()}`}>
          {t('auth.register.login')}
        </Link>
      </Typography>
    </>
  );
}

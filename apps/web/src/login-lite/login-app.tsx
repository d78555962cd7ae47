import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Lang } from '@magiim/shared';
import { isApiError } from '../app/api-error';
import { LogoMark } from '../design/brand';
import { Ltr } from '../design/bidi';
import { InvitationIllustration } from '../design/illustrations';
import { GoogleButton } from './google-button';
import { LanguageMenu, NATIVE_NAMES } from './language-menu';
import {
  applyLanguage,
  checkValues,
  FIELDS,
  loadConfig,
  loginPath,
  routeError,
  signInWithGoogle,
  signInWithPassword,
  startSession,
  type Field,
  type FieldErrors,
  type LoginValues,
  type PublicConfigLite,
} from './sign-in';
import { PasswordField, TextField, Icon, ICONS } from './text-field';
import { loadTexts, translateErrorCode, translateMessage, translator, type Texts } from './texts';
import { tokenVariables } from './theme';
import { subscribeToasts, type ToastMessage } from './toast';

const POINTS = ['invite', 'rsvp', 'plan'] as const;
const TOAST_MS = 6000;

interface LoginAppProps {
  initialLang: Lang;
  initialTexts: Texts;
  /** Where a successful sign-in goes (`?next=`, else the event list). */
  target: string;
  /** A message the page that sent the user here left (features/account-data/login-notice.ts). */
  notice?: string | null;
}

/**
 * The sign-in page on its own (login.html): the SPA's LoginPage inside its account layout (BlankLayout,
 * AccountPanel, SiteFooter), drawn with plain HTML and login.css, with no MUI, router, query cache or zod.
 * A successful sign-in stores the session as the SPA does and hands over to it at `target`.
 */
export function LoginApp({ initialLang, initialTexts, target, notice = null }: LoginAppProps) {
  const [{ lang, texts }, setLanguage] = useState({ lang: initialLang, texts: initialTexts });
  const t = useMemo(() => translator(texts), [texts]);
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [config, setConfig] = useState<PublicConfigLite | null>(null);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    void loadConfig().then(setConfig);
  }, []);

  useEffect(() => subscribeToasts(setToast), []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const title = t('auth.login.title');
  const appName = t('app.name');
  useEffect(() => {
    document.title = `${title} | ${appName}`;
  }, [title, appName]);

  const chooseLanguage = async (next: Lang) => {
    try {
      const nextTexts = await loadTexts(next);
      applyLanguage(next);
      history.replaceState(history.state, '', loginPath(next, location.search));
      setLanguage({ lang: next, texts: nextTexts });
    } catch (error) {
      console.error(`Could not switch to ${next}`, error);
    }
  };

  const showErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    const first = FIELDS.find((field) => errors[field]);
    if (first) inputs[first].current?.focus();
  };

  const fail = (error: unknown) => {
    setPending(false);
    const routed = routeError(error);
    if (Object.keys(routed.fields).length > 0) showErrors(routed.fields);
    setFormError(routed.form);
  };

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first submit the field re-checks as it is typed (react-hook-form's reValidateMode onChange).
    if (submitted) setFieldErrors((errors) => ({ ...errors, [field]: checkValues(next)[field] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const errors = checkValues(values);
    if (Object.keys(errors).length > 0) return showErrors(errors);
    setFieldErrors({});
    setFormError(null);
    setPending(true);
    try {
      await startSession(await signInWithPassword(values), lang, { withPassword: true });
      location.replace(target);
    } catch (error) {
      fail(error);
    }
  };

  const onGoogleCredential = async (credential: string) => {
    setFormError(null);
    setPending(true);
    try {
      await startSession(await signInWithGoogle(credential, lang), lang, { withPassword: false });
      location.replace(target);
    } catch (error) {
      fail(error);
    }
  };

  const fieldError = (field: Field) => {
    const message = fieldErrors[field];
    return message ? translateMessage(t, message) : undefined;
  };

  return (
    <div className="page" style={tokenVariables(lang)}>
      <header className="bar">
        <div className="container bar-inner">
          <a className="logo" href="/" aria-label={t('app.homeLink', { name: appName })}>
            <LogoMark size={36} />
            <span>{appName}</span>
          </a>
          <LanguageMenu lang={lang} label={t('language.current', { language: NATIVE_NAMES[lang] })} onChoose={(next) => void chooseLanguage(next)} />
        </div>
      </header>
      <main className="container main">
        <div className="account">
          <aside className="panel" aria-label={t('brand.panelLabel', { name: appName })}>
            <div className="panel-art">
              <InvitationIllustration />
            </div>
            <p className="panel-headline">{t('brand.headline')}</p>
            <p className="muted">{t('brand.lead', { name: appName })}</p>
            <ul className="panel-points">
              {POINTS.map((point) => (
                <li key={point}>
                  <span aria-hidden="true" className={`dot${point === 'rsvp' ? ' dot-rose' : ''}`} />
                  <span>{t(`brand.points.${point}`)}</span>
                </li>
              ))}
            </ul>
          </aside>
          <div className="card">
            <h1>{title}</h1>
            <p className="muted">{t('auth.login.subtitle')}</p>
            {notice ? (
              <div className="alert notice" role="status" data-testid="login-notice">
                <div className="alert-message">{t(notice)}</div>
              </div>
            ) : null}
            {formError ? (
              <div className="alert" role="alert">
                <Icon path={ICONS.errorOutline} className="alert-icon" />
                <div className="alert-message">{translateErrorCode(t, isApiError(formError) ? formError.code : 'INTERNAL')}</div>
              </div>
            ) : null}
            <form onSubmit={(event) => void onSubmit(event)} noValidate>
              <TextField
                id="login-email"
                name="email"
                type="email"
                label={t('auth.fields.email')}
                autoComplete="email"
                value={values.email}
                onChange={change('email')}
                error={fieldError('email')}
                inputRef={inputs.email}
              />
              <PasswordField
                id="login-password"
                name="password"
                label={t('auth.fields.password')}
                autoComplete="current-password"
                value={values.password}
                onChange={change('password')}
                error={fieldError('password')}
                inputRef={inputs.password}
                showLabel={t('common.showPassword')}
                hideLabel={t('common.hidePassword')}
              />
              <div className="forgot">
                <a href="/forgot-password" className="small">
                  {t('auth.login.forgotPassword')}
                </a>
              </div>
              <button type="submit" className="button" disabled={pending} data-loading={pending ? '' : undefined}>
                <span className="button-label">{t('auth.login.submit')}</span>
              </button>
            </form>
            {config?.googleClientId ? (
              <>
                <div className="divider" role="separator">
                  <span>{t('auth.login.or')}</span>
                </div>
                <GoogleButton
                  clientId={config.googleClientId}
                  lang={lang}
                  onCredential={(credential) => void onGoogleCredential(credential)}
                  unavailableText={t('auth.google.unavailable')}
                />
              </>
            ) : null}
            <p className="small switch">
              {t('auth.login.noAccount')} <a href={`/register/${lang}`}>{t('auth.login.register')}</a>
            </p>
          </div>
        </div>
      </main>
      <footer className="footer">
        <div className="container footer-inner">
          <p className="small muted">{t('footer.copyright', { year: new Date().getFullYear(), name: appName })}</p>
          <nav aria-label={t('legal.nav')} className="footer-nav">
            <a href="/terms" className="small">
              {t('legal.terms.title')}
            </a>
            <a href="/privacy" className="small">
              {t('legal.privacy.title')}
            </a>
            <a href={`/accessibility/${lang}`} className="small">
              {t('footer.accessibility')}
            </a>
          </nav>
          {config?.supportEmail ? (
            <p className="small muted">
              {t('footer.support')}{' '}
              <a href={`mailto:${config.supportEmail}`}>
                <Ltr>{config.supportEmail}</Ltr>
              </a>
            </p>
          ) : null}
        </div>
      </footer>
      {toast ? (
        <div className="toast-anchor">
          <div className="toast" role="alert" data-testid="toast">
            <Icon path={ICONS.errorOutline} className="alert-icon" />
            <div className="alert-message">{t(toast.key, toast.params)}</div>
            <button type="button" className="icon-button toast-close" aria-label={t('common.close')} title={t('common.close')} onClick={() => setToast(null)}>
              <Icon path={ICONS.close} />
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

// The sign-in page on its own (login.html): the first screen most people see, so it carries React and this
// page only. The SPA takes over after sign-in; its /login route sends in-app redirects back here.
// Self-hosted faces, as the SPA; each file covers one script (unicode-range), so a page loads only the scripts it shows.
import '@fontsource-variable/rubik';
import '@fontsource-variable/noto-sans-arabic';
import './login.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LANG } from '@magiim/shared';
import { setGlobalErrorHandlers } from '../app/api-client';
import { clearSession, readSession, writeVerificationSession } from '../app/session';
import { currentPlatform } from '../app/platform';
import { rememberVerificationEmail } from '../features/auth/verification-email-memory';
import { formatRetryAfter } from '../i18n/format-wait';
import { takeLoginNotice } from '../features/account-data/login-notice';
import { LoginApp } from './login-app';
import { applyLanguage, languageOfAddress, loginTarget, storedLanguage } from './sign-in';
import { loadTexts } from './texts';
import { showToast } from './toast';

const start = async (): Promise<void> => {
  // Read `?platform=` (the mobile app's web view) before anything else, as the SPA does.
  currentPlatform();
  const target = loginTarget(location.search);
  // Signed in already (all three keys hold valid values): straight on, as the SPA's GuestOnly.
  if (readSession()) {
    location.replace(target);
    return;
  }

  const address = languageOfAddress(location.pathname, storedLanguage());
  let lang = address.lang;
  if (address.fixedPath) history.replaceState(history.state, '', `${address.fixedPath}${location.search}${location.hash}`);
  let texts;
  try {
    texts = await loadTexts(lang);
  } catch (error) {
    console.error(`Could not load language ${lang}`, error);
    lang = DEFAULT_LANG;
    texts = await loadTexts(lang);
  }
  applyLanguage(lang);

  // The SPA's global handling (app/global-error-handlers.ts) for the calls this page makes.
  setGlobalErrorHandlers({
    onRateLimited: (retryAfterSeconds) => {
      const shown = document.documentElement.lang;
      if (retryAfterSeconds === null) showToast('toast.rateLimited');
      else showToast('toast.rateLimitedAt', { when: formatRetryAfter(retryAfterSeconds, shown) });
    },
    onVerifyEmail: (error) => {
      // A refused sign-in carries a session that may only ask for the link again, and the address.
      const { accessToken, email } = error.details;
      if (typeof accessToken === 'string' && accessToken) writeVerificationSession(accessToken);
      if (typeof email === 'string' && email) rememberVerificationEmail(email);
      location.assign('/send-verification-email');
    },
    onSessionExpired: () => clearSession(),
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from login.html');
  createRoot(container).render(
    <StrictMode>
      <LoginApp initialLang={lang} initialTexts={texts} target={target} notice={takeLoginNotice()} />
    </StrictMode>,
  );
};

void start();

import type { Lang } from '@magiim/shared';
import { renderEmail } from '../mail/mail-layout.js';
import { AUTH_EMAIL_TEXTS } from './auth-email-texts.js';

interface LinkEmail {
  lang: Lang;
  /** null leaves the name out (mail to an address not yet proven to belong to the registrant). */
  name: string | null;
  url: string;
  supportEmail: string;
}

/** The three e-mails that carry a single-use link: verification, e-mail change and password reset. */
export type LinkEmailKind = 'verify' | 'changeEmail' | 'reset';

export const renderLinkEmail = (kind: LinkEmailKind, { lang, name, url, supportEmail }: LinkEmail) => {
  const t = AUTH_EMAIL_TEXTS[lang];
  const texts = t[kind];
  return renderEmail(lang, {
    subject: texts.subject,
    greeting: name === null ? t.hello : t.greeting(name),
    paragraphs: [texts.body, texts.expires, ...('ignore' in texts ? [texts.ignore] : [])],
    action: { label: texts.action, url },
    footer: t.footer(supportEmail),
  });
};

interface NoticeEmail {
  lang: Lang;
  name: string;
  supportEmail: string;
}

export const renderPasswordChangedEmail = ({ lang, name, supportEmail, resetUrl }: NoticeEmail & { resetUrl: string }) => {
  const t = AUTH_EMAIL_TEXTS[lang];
  return renderEmail(lang, {
    subject: t.passwordChanged.subject,
    greeting: t.greeting(name),
    paragraphs: [t.passwordChanged.body, t.passwordChanged.notYou],
    action: { label: t.passwordChanged.action, url: resetUrl },
    footer: t.footer(supportEmail),
  });
};

export const renderEmailChangeRequestedEmail = ({ lang, name, supportEmail, newEmail }: NoticeEmail & { newEmail: string }) => {
  const t = AUTH_EMAIL_TEXTS[lang];
  return renderEmail(lang, {
    subject: t.emailChangeRequested.subject,
    greeting: t.greeting(name),
    paragraphs: [t.emailChangeRequested.body(newEmail), t.emailChangeRequested.notYou],
    footer: t.footer(supportEmail),
  });
};

/** To the owner of an address someone tried to move another account to: no name or address of the requester. */
export const renderEmailTakenEmail = ({ lang, supportEmail }: { lang: Lang; supportEmail: string }) => {
  const t = AUTH_EMAIL_TEXTS[lang];
  return renderEmail(lang, {
    subject: t.emailTaken.subject,
    greeting: t.hello,
    paragraphs: [t.emailTaken.body, t.emailTaken.nothingChanged],
    footer: t.footer(supportEmail),
  });
};

/** To the owner of an address someone tried to register with: nothing about who, a way in if it was them. */
export const renderRegistrationAttemptEmail = ({ lang, supportEmail, signInUrl }: { lang: Lang; supportEmail: string; signInUrl: string }) => {
  const t = AUTH_EMAIL_TEXTS[lang];
  return renderEmail(lang, {
    subject: t.registrationAttempt.subject,
    greeting: t.hello,
    paragraphs: [t.registrationAttempt.body, t.registrationAttempt.ifYou, t.registrationAttempt.notYou],
    action: { label: t.registrationAttempt.action, url: signInUrl },
    footer: t.footer(supportEmail),
  });
};

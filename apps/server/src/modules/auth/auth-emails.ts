import type { Lang } from '@magiim/shared';
import { renderEmail } from '../mail/mail-layout.js';
import { AUTH_EMAIL_TEXTS } from './auth-email-texts.js';

interface LinkEmail {
  lang: Lang;
  name: string;
  url: string;
  supportEmail: string;
}

export const renderVerificationEmail = ({ lang, name, url, supportEmail }: LinkEmail) => {
  const t = AUTH_EMAIL_TEXTS[lang];
  return renderEmail(lang, {
    subject: t.verify.subject,
    greeting: t.greeting(name),
    paragraphs: [t.verify.body, t.verify.expires],
    action: { label: t.verify.action, url },
    footer: t.footer(supportEmail),
  });
};

export const renderEmailChangeEmail = ({ lang, name, url, supportEmail }: LinkEmail) => {
  const t = AUTH_EMAIL_TEXTS[lang];
  return renderEmail(lang, {
    subject: t.changeEmail.subject,
    greeting: t.greeting(name),
    paragraphs: [t.changeEmail.body, t.changeEmail.expires],
    action: { label: t.changeEmail.action, url },
    footer: t.footer(supportEmail),
  });
};

export const renderPasswordResetEmail = ({ lang, name, url, supportEmail }: LinkEmail) => {
  const t = AUTH_EMAIL_TEXTS[lang];
  return renderEmail(lang, {
    subject: t.reset.subject,
    greeting: t.greeting(name),
    paragraphs: [t.reset.body, t.reset.expires, t.reset.ignore],
    action: { label: t.reset.action, url },
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

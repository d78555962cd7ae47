import { isLang, serviceHoursLines, SUPPORT_CONTACTS_PER_USER, type Lang, type SupportContactInput } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/sessions/session-lookup.js';
import { requireEventAccess } from '../events/event-access.js';
import { renderEmail } from '../mail/mail-layout.js';
import { SUPPORT_EMAIL_TEXTS } from './support-email-texts.js';
import { findEventNames } from './support.repository.js';

const eventNameIn = (names: Partial<Record<Lang, string>>, lang: Lang, defaultLang: Lang): string =>
  names[lang] ?? names[defaultLang] ?? Object.values(names).find(Boolean) ?? '';

/**
 * A host's message to support: e-mailed to SUPPORT_EMAIL (in Hebrew, naming the host and the event) and
 * confirmed to the host in their language with the service hours. Counted per user before anything is sent.
 */
export const sendContactMessage = async (ctx: AppContext, user: SessionUser, input: SupportContactInput): Promise<void> => {
  // An event the caller is not a member of answers 404, exactly like one that does not exist.
  const event = input.eventId ? await requireEventAccess(ctx.db, user.id, input.eventId, 'read').then(() => findEventNames(ctx.db, input.eventId!)) : undefined;
  await ctx.rateLimiter.consume([{ bucket: `support-contact:${user.id}`, limit: SUPPORT_CONTACTS_PER_USER }]);

  const supportLang: Lang = 'he';
  const s = SUPPORT_EMAIL_TEXTS[supportLang];
  const toSupport = renderEmail(supportLang, {
    subject: s.toSupport.subject(input.subject),
    greeting: s.toSupport.from(user.fullName, user.email),
    paragraphs: [
      event && input.eventId ? s.toSupport.event(eventNameIn(event.names, supportLang, event.defaultLang), input.eventId) : s.toSupport.noEvent,
      input.message,
      s.toSupport.replyTo(user.email),
    ],
    footer: s.footer(ctx.config.supportEmail),
  });
  await ctx.enqueueEmail({ to: ctx.config.supportEmail, replyTo: user.email, ...toSupport });

  const lang: Lang = isLang(user.lang) ? user.lang : 'he';
  const h = SUPPORT_EMAIL_TEXTS[lang];
  const receipt = renderEmail(lang, {
    subject: h.received.subject,
    greeting: h.greeting(user.fullName),
    paragraphs: [h.received.body(input.subject), [h.received.hours, ...serviceHoursLines(lang)].join(' '), h.received.yourMessage, input.message],
    footer: h.footer(ctx.config.supportEmail),
  });
  await ctx.enqueueEmail({ to: user.email, ...receipt });
};

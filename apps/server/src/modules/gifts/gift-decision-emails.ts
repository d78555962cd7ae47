import { eq } from 'drizzle-orm';
import { LANGUAGES, type Lang } from '@magiim/shared';
import { users } from '../../db/schema/users.js';
import type { AppContext } from '../../platform/context.js';
import { renderEmail } from '../mail/mail-layout.js';
import { findEventName, findGiftAccount } from './gifts.repository.js';

interface DecisionTexts {
  subject: { approved: string; rejected: string };
  greeting: (name: string) => string;
  approved: (event: string) => string;
  rejected: (event: string, reason: string) => string;
  action: string;
  footer: (support: string) => string;
}

const TEXTS: Record<Lang, DecisionTexts> = {
  he: {
    subject: { approved: 'לינק המתנות שלכם אושר', rejected: 'ההרשמה ללינק המתנות לא אושרה' },
    greeting: (name) => `שלום ${name},`,
    approved: (event) => `חברת הסליקה אישרה את לינק המתנות של "${event}". הלינק מחכה לכם בדף המתנות, והוא יתווסף להודעת ההכוונה ולהודעת התודה.`,
    rejected: (event, reason) => `חברת הסליקה לא אישרה את ההרשמה ללינק המתנות של "${event}". הסיבה: ${reason}. אפשר לתקן את הפרטים ולהירשם מחדש.`,
    action: 'לדף המתנות',
    footer: (support) => `שאלות? כתבו לנו: ${support}`,
  },
  en: {
    subject: { approved: 'Your gift link is approved', rejected: 'Your gift link registration was not approved' },
    greeting: (name) => `Hi ${name},`,
    approved: (event) => `The card provider approved the gift link of "${event}". The link is waiting on your gifts page, and it is added to the directions and thank-you messages.`,
    rejected: (event, reason) => `The card provider did not approve the gift link registration of "${event}". Reason: ${reason}. You can correct your details and register again.`,
    action: 'Open the gifts page',
    footer: (support) => `Questions? Write to us: ${support}`,
  },
  ru: {
    subject: { approved: 'Ваша ссылка для подарков одобрена', rejected: 'Регистрация ссылки для подарков не одобрена' },
    greeting: (name) => `Здравствуйте, ${name}!`,
    approved: (event) => `Платёжная компания одобрила ссылку для подарков мероприятия «${event}». Ссылка ждёт вас на странице подарков и добавляется в сообщение с маршрутом и в благодарность.`,
    rejected: (event, reason) => `Платёжная компания не одобрила регистрацию ссылки для подарков мероприятия «${event}». Причина: ${reason}. Можно исправить данные и зарегистрироваться снова.`,
    action: 'Открыть страницу подарков',
    footer: (support) => `Вопросы? Напишите нам: ${support}`,
  },
  ar: {
    subject: { approved: 'تمت الموافقة على رابط الهدايا', rejected: 'لم تتم الموافقة على التسجيل لرابط الهدايا' },
    greeting: (name) => `مرحبًا ${name}،`,
    approved: (event) => `وافقت شركة البطاقات على رابط الهدايا لمناسبة "${event}". الرابط بانتظارك في صفحة الهدايا، ويُضاف إلى رسالة الإرشاد ورسالة الشكر.`,
    rejected: (event, reason) => `لم توافق شركة البطاقات على التسجيل لرابط الهدايا لمناسبة "${event}". السبب: ${reason}. يمكنك تصحيح التفاصيل والتسجيل من جديد.`,
    action: 'فتح صفحة الهدايا',
    footer: (support) => `أسئلة؟ اكتب لنا: ${support}`,
  },
};

const langOf = (value: string): Lang => ((LANGUAGES as readonly string[]).includes(value) ? (value as Lang) : 'he');

/**
 * Tells the host who registered what the provider decided, in their language. Re-reads the account: nothing is sent
 * when it is no longer decided as `decidedAt` says (registered again since).
 */
export const sendGiftDecisionEmail = async (ctx: AppContext, eventId: string, decidedAt: string): Promise<void> => {
  const account = await findGiftAccount(ctx.db, eventId);
  if (!account || (account.status !== 'APPROVED' && account.status !== 'REJECTED') || account.decidedAt?.toISOString() !== decidedAt) return;
  if (!account.registeredBy) return;
  const [host] = await ctx.db.select({ email: users.email, fullName: users.fullName, lang: users.lang }).from(users).where(eq(users.id, account.registeredBy));
  if (!host) return;
  const lang = langOf(host.lang);
  const texts = TEXTS[lang];
  const eventName = (await findEventName(ctx.db, eventId)) ?? '';
  const approved = account.status === 'APPROVED';
  const email = renderEmail(lang, {
    subject: approved ? texts.subject.approved : texts.subject.rejected,
    greeting: texts.greeting(host.fullName),
    paragraphs: [approved ? texts.approved(eventName) : texts.rejected(eventName, account.reason ?? '')],
    action: { label: texts.action, url: `${ctx.config.appUrl}/event/${eventId}/gifts` },
    footer: texts.footer(ctx.config.supportEmail),
  });
  await ctx.enqueueEmail({ to: host.email, ...email });
};

export const GIFT_DECISION_SUBJECTS = Object.fromEntries(LANGUAGES.map((lang) => [lang, TEXTS[lang].subject])) as Record<Lang, DecisionTexts['subject']>;

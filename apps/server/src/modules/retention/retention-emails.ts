import { BUSINESS_TIME_ZONE, LANGUAGES, type Lang } from '@magiim/shared';
import type { Config } from '../../platform/env.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { renderEmail } from '../mail/mail-layout.js';

interface WarningTexts {
  subject: string;
  greeting: (name: string) => string;
  body: (date: string) => string;
  keep: string;
  action: string;
  footer: (support: string) => string;
}

const TEXTS: Record<Lang, WarningTexts> = {
  he: {
    subject: 'החשבון שלכם במגיעים יימחק בקרוב',
    greeting: (name) => (name ? `שלום ${name},` : 'שלום,'),
    body: (date) =>
      `לא נכנסתם לחשבון שלכם במגיעים כבר כמעט חצי שנה, ואין בו אירועים. כדי לא לשמור מידע שאין בו צורך, נמחק את החשבון ב־${date}.`,
    keep: 'רוצים לשמור עליו? מספיק להיכנס לחשבון פעם אחת לפני התאריך הזה, וזהו. אם לא תיכנסו, החשבון יימחק ולא נשלח לכם תזכורת נוספת.',
    action: 'כניסה לחשבון',
    footer: (support) => `שאלות? כתבו לנו: ${support}`,
  },
  en: {
    subject: 'Your Magiim account will be deleted soon',
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    body: (date) =>
      `You have not signed in to your Magiim account for almost six months, and it has no events. So that we keep no data nobody needs, we will delete the account on ${date}.`,
    keep: 'Want to keep it? Just sign in once before that date. If you do not, the account will be deleted and we will not remind you again.',
    action: 'Sign in',
    footer: (support) => `Questions? Write to us: ${support}`,
  },
  ru: {
    subject: 'Ваш аккаунт в Magiim скоро будет удалён',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: (date) =>
      `Вы не входили в свой аккаунт Magiim почти полгода, и в нём нет мероприятий. Чтобы не хранить ненужные данные, мы удалим аккаунт ${date}.`,
    keep: 'Хотите его сохранить? Достаточно один раз войти в аккаунт до этой даты. Если вы не войдёте, аккаунт будет удалён, и больше напоминаний не будет.',
    action: 'Войти',
    footer: (support) => `Вопросы? Напишите нам: ${support}`,
  },
  ar: {
    subject: 'سيُحذف حسابك في Magiim قريبًا',
    greeting: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    body: (date) =>
      `لم تسجّل الدخول إلى حسابك في Magiim منذ ما يقارب ستة أشهر، ولا توجد فيه مناسبات. حتى لا نحتفظ ببيانات لا حاجة إليها، سنحذف الحساب في ${date}.`,
    keep: 'هل تريد الاحتفاظ به؟ يكفي أن تسجّل الدخول مرة واحدة قبل هذا التاريخ. إذا لم تفعل، سيُحذف الحساب ولن نرسل لك تذكيرًا آخر.',
    action: 'تسجيل الدخول',
    footer: (support) => `أسئلة؟ اكتب لنا: ${support}`,
  },
};

export const langOf = (value: string): Lang => ((LANGUAGES as readonly string[]).includes(value) ? (value as Lang) : 'he');

/** The erasure date as people of the language write it, on the business calendar. */
export const formatErasureDate = (lang: Lang, at: Date): string =>
  new Intl.DateTimeFormat(lang === 'he' ? 'he-IL' : lang === 'ar' ? 'ar-u-nu-latn' : lang, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: BUSINESS_TIME_ZONE,
  }).format(at);

/** Spec issue 22: "sign in to keep your account", with the date it goes and a sign-in link. */
export const retentionWarningEmail = (
  config: Pick<Config, 'appUrl' | 'supportEmail'>,
  user: { email: string; fullName: string; lang: string },
  erasureAt: Date,
): MailMessage => {
  const lang = langOf(user.lang);
  const texts = TEXTS[lang];
  const email = renderEmail(lang, {
    subject: texts.subject,
    greeting: texts.greeting(user.fullName),
    paragraphs: [texts.body(formatErasureDate(lang, erasureAt)), texts.keep],
    action: { label: texts.action, url: `${config.appUrl}/login` },
    footer: texts.footer(config.supportEmail),
  });
  return { to: user.email, ...email };
};

export const RETENTION_WARNING_SUBJECTS = Object.fromEntries(LANGUAGES.map((lang) => [lang, TEXTS[lang].subject])) as Record<Lang, string>;

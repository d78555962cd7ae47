import { LANGUAGES, type Lang } from '@magiim/shared';
import type { Config } from '../../platform/env.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { renderEmail } from '../mail/mail-layout.js';

interface DeletedTexts {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  kept: string;
  again: string;
  notYou: (support: string) => string;
}

const TEXTS: Record<Lang, DeletedTexts> = {
  he: {
    subject: 'החשבון שלכם במגיעים נמחק',
    greeting: (name) => (name ? `שלום ${name},` : 'שלום,'),
    body: 'כפי שביקשתם, מחקנו את החשבון שלכם במגיעים: הפרטים שלכם, האירועים ורשימות המוזמנים.',
    kept: 'קבלות והזמנות ששולמו נשמרות כפי שהחוק מחייב, בלי רשימות המוזמנים.',
    again: 'תמיד אפשר לחזור ולהירשם מחדש עם אותה כתובת.',
    notYou: (support) => `לא ביקשתם למחוק? כתבו לנו מיד: ${support}`,
  },
  en: {
    subject: 'Your Magiim account was deleted',
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    body: 'As you asked, we deleted your Magiim account: your details, your events and their guest lists.',
    kept: 'Receipts and paid orders are kept as the law requires, without the guest lists.',
    again: 'You are welcome to register again with the same address at any time.',
    notYou: (support) => `Did not ask for this? Write to us right away: ${support}`,
  },
  ru: {
    subject: 'Ваш аккаунт в Magiim удалён',
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    body: 'Как вы и просили, мы удалили ваш аккаунт Magiim: ваши данные, мероприятия и списки гостей.',
    kept: 'Квитанции и оплаченные заказы хранятся, как того требует закон, но без списков гостей.',
    again: 'Вы можете в любой момент снова зарегистрироваться с тем же адресом.',
    notYou: (support) => `Вы не просили об этом? Сразу напишите нам: ${support}`,
  },
  ar: {
    subject: 'تم حذف حسابك في Magiim',
    greeting: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    body: 'كما طلبت، حذفنا حسابك في Magiim: بياناتك ومناسباتك وقوائم المدعوين.',
    kept: 'نحتفظ بالإيصالات والطلبات المدفوعة كما يلزم القانون، بدون قوائم المدعوين.',
    again: 'يمكنك التسجيل من جديد بالعنوان نفسه في أي وقت.',
    notYou: (support) => `لم تطلب ذلك؟ اكتب لنا فورًا: ${support}`,
  },
};

const langOf = (value: string): Lang => ((LANGUAGES as readonly string[]).includes(value) ? (value as Lang) : 'he');

/** Issue 22: to the old address after the owner deleted the account (the address is read before erasing). */
export const accountDeletedEmail = (
  config: Pick<Config, 'appUrl' | 'supportEmail'>,
  user: { email: string; fullName: string; lang: string },
): MailMessage => {
  const lang = langOf(user.lang);
  const texts = TEXTS[lang];
  const email = renderEmail(lang, {
    subject: texts.subject,
    greeting: texts.greeting(user.fullName),
    paragraphs: [texts.body, texts.kept, texts.again],
    action: { label: { he: 'הרשמה מחדש', en: 'Register again', ru: 'Зарегистрироваться', ar: 'التسجيل من جديد' }[lang], url: `${config.appUrl}/register` },
    footer: texts.notYou(config.supportEmail),
  });
  return { to: user.email, ...email };
};

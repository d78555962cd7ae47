import type { Lang } from '@magiim/shared';

interface SupportEmailTexts {
  greeting: (name: string) => string;
  footer: (supportEmail: string) => string;
  /** To support: who wrote, about what. */
  toSupport: {
    subject: (subject: string) => string;
    from: (name: string, email: string) => string;
    event: (name: string, id: string) => string;
    noEvent: string;
    replyTo: (email: string) => string;
  };
  /** To the host: we got it. */
  received: { subject: string; body: (subject: string) => string; hours: string; yourMessage: string };
}

export const SUPPORT_EMAIL_TEXTS: Record<Lang, SupportEmailTexts> = {
  he: {
    greeting: (name) => `שלום ${name},`,
    footer: (support) => `נשלח על ידי מגיעים. לשאלות: ${support}`,
    toSupport: {
      subject: (subject) => `פנייה מהאתר: ${subject}`,
      from: (name, email) => `מאת: ${name} <${email}>`,
      event: (name, id) => `האירוע: ${name} (${id})`,
      noEvent: 'האירוע: לא צוין',
      replyTo: (email) => `לתשובה יש לכתוב אל ${email}`,
    },
    received: {
      subject: 'קיבלנו את הפנייה שלך למגיעים',
      body: (subject) => `תודה שכתבת לנו. הפנייה "${subject}" התקבלה, ונחזור אליך באימייל בהקדם.`,
      hours: 'שעות השירות:',
      yourMessage: 'ההודעה שלך:',
    },
  },
  en: {
    greeting: (name) => `Hello ${name},`,
    footer: (support) => `Sent by Magiim. Questions: ${support}`,
    toSupport: {
      subject: (subject) => `Contact form: ${subject}`,
      from: (name, email) => `From: ${name} <${email}>`,
      event: (name, id) => `Event: ${name} (${id})`,
      noEvent: 'Event: not given',
      replyTo: (email) => `Reply to ${email}`,
    },
    received: {
      subject: 'We received your message to Magiim',
      body: (subject) => `Thank you for writing to us. Your message "${subject}" has reached us, and we will answer by e-mail soon.`,
      hours: 'Service hours:',
      yourMessage: 'Your message:',
    },
  },
  ru: {
    greeting: (name) => `Здравствуйте, ${name}!`,
    footer: (support) => `Отправлено Magiim. Вопросы: ${support}`,
    toSupport: {
      subject: (subject) => `Обращение с сайта: ${subject}`,
      from: (name, email) => `От: ${name} <${email}>`,
      event: (name, id) => `Мероприятие: ${name} (${id})`,
      noEvent: 'Мероприятие: не указано',
      replyTo: (email) => `Ответ отправляйте на ${email}`,
    },
    received: {
      subject: 'Мы получили ваше обращение в Magiim',
      body: (subject) => `Спасибо, что написали нам. Ваше обращение «${subject}» получено, мы скоро ответим по электронной почте.`,
      hours: 'Часы работы поддержки:',
      yourMessage: 'Ваше сообщение:',
    },
  },
  ar: {
    greeting: (name) => `مرحبًا ${name}،`,
    footer: (support) => `أُرسلت من Magiim. للاستفسارات: ${support}`,
    toSupport: {
      subject: (subject) => `رسالة من الموقع: ${subject}`,
      from: (name, email) => `من: ${name} <${email}>`,
      event: (name, id) => `المناسبة: ${name} (${id})`,
      noEvent: 'المناسبة: غير محددة',
      replyTo: (email) => `للرد يُرجى الكتابة إلى ${email}`,
    },
    received: {
      subject: 'تلقّينا رسالتك إلى Magiim',
      body: (subject) => `شكرًا لتواصلك معنا. وصلتنا رسالتك "${subject}"، وسنرد عليك بالبريد الإلكتروني قريبًا.`,
      hours: 'ساعات الخدمة:',
      yourMessage: 'رسالتك:',
    },
  },
};

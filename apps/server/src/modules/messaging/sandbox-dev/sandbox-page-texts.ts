import type { Lang } from '@magiim/shared';

export interface SandboxPageTexts {
  notice: string;
  title: string;
  intro: (shown: number) => string;
  empty: string;
  whatsapp: string;
  sms: string;
  to: string;
  at: string;
  outboxId: string;
  replyLabel: string;
  replyPlaceholder: string;
  send: string;
  optOut: string;
  replied: string;
  showAll: string;
  refused: string;
  /** Beside the taps WhatsApp shows under a message. */
  tapAs: string;
}

/** The dev tools page (development only), in every language of the app. */
export const SANDBOX_PAGE_TEXTS: Record<Lang, SandboxPageTexts> = {
  he: {
    notice: 'כלי פיתוח — ערוצי ארגז החול, שום הודעה לא נשלחת באמת',
    title: 'הודעות ארגז החול',
    intro: (shown) => `${shown} ההודעות האחרונות שערוצי ארגז החול קיבלו, מהחדשה לישנה. אפשר לענות בשם האורח: תשובה חופשית, או "הסר" להפסקת ההודעות לאירוע.`,
    empty: 'עדיין לא נשלחו הודעות.',
    whatsapp: 'וואטסאפ',
    sms: 'SMS',
    to: 'אל',
    at: 'מתי',
    outboxId: 'שורת תיבת הדואר היוצא',
    replyLabel: 'תשובה בשם האורח',
    replyPlaceholder: 'למשל: מגיעים!',
    send: 'שליחת התשובה',
    optOut: 'לענות "הסר"',
    replied: 'התשובה הועברה לטיפול.',
    showAll: 'להציג את 500 האחרונות',
    refused: 'התשובה לא התקבלה: בדקו את המספר והטקסט.',
    tapAs: 'לגעת בשם האורח:',
  },
  en: {
    notice: 'Development tools — sandbox channels, no message is really sent',
    title: 'Sandbox messages',
    intro: (shown) => `The latest ${shown} messages the sandbox channels accepted, newest first. Reply as the guest: any answer, or "הסר" to stop the event's messages.`,
    empty: 'No messages yet.',
    whatsapp: 'WhatsApp',
    sms: 'SMS',
    to: 'To',
    at: 'At',
    outboxId: 'Outbox row',
    replyLabel: 'Reply as the guest',
    replyPlaceholder: 'e.g. We are coming!',
    send: 'Send reply',
    optOut: 'Reply "הסר"',
    replied: 'The reply was handed over.',
    showAll: 'Show the last 500',
    refused: 'The reply was refused: check the number and the text.',
    tapAs: 'Tap as the guest:',
  },
  ru: {
    notice: 'Инструменты разработчика — каналы песочницы, сообщения на самом деле не отправляются',
    title: 'Сообщения песочницы',
    intro: (shown) => `Последние сообщения, принятые каналами песочницы (${shown}), сначала новые. Ответьте от имени гостя: любой ответ или «הסר», чтобы остановить сообщения мероприятия.`,
    empty: 'Сообщений пока нет.',
    whatsapp: 'WhatsApp',
    sms: 'SMS',
    to: 'Кому',
    at: 'Когда',
    outboxId: 'Строка исходящих',
    replyLabel: 'Ответ от имени гостя',
    replyPlaceholder: 'например: Мы придём!',
    send: 'Отправить ответ',
    optOut: 'Ответить «הסר»',
    replied: 'Ответ передан.',
    showAll: 'Показать последние 500',
    refused: 'Ответ не принят: проверьте номер и текст.',
    tapAs: 'Нажать за гостя:',
  },
  ar: {
    notice: 'أدوات التطوير — قنوات البيئة التجريبية، لا تُرسل أي رسالة فعلًا',
    title: 'رسائل البيئة التجريبية',
    intro: (shown) => `آخر الرسائل التي قبلتها القنوات التجريبية (${shown})، الأحدث أولًا. ردّ باسم الضيف: أي إجابة، أو "הסר" لإيقاف رسائل المناسبة.`,
    empty: 'لا توجد رسائل بعد.',
    whatsapp: 'واتساب',
    sms: 'رسالة نصية',
    to: 'إلى',
    at: 'الوقت',
    outboxId: 'سطر صندوق الصادر',
    replyLabel: 'الرد باسم الضيف',
    replyPlaceholder: 'مثلًا: سنحضر!',
    send: 'إرسال الرد',
    optOut: 'الرد بـ "הסר"',
    replied: 'تم تسليم الرد.',
    showAll: 'عرض آخر 500',
    refused: 'لم يُقبل الرد: تحقّق من الرقم والنص.',
    tapAs: 'اضغطوا باسم الضيف:',
  },
};

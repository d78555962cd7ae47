import type { Lang } from './enums.js';

/**
 * Issue 26 §7: the one promise about when invitations go out, word for word the same on every checkout step, the
 * success page and the receipt e-mail (the server's e-mail and the web app read it from here).
 */
export const SENDING_PROMISE: Record<Lang, string> = {
  he: 'ההזמנות יוצאות בזמנים שבמסך ״תזמון פעולות״ – כברירת מחדל מתאריך תחילת אישורי ההגעה – ולעולם לא ברגע התשלום, אלא אם תתחילו סבב בעצמכם.',
  en: 'Invitations go out at the times on the Action timing screen – by default from the RSVP start date – and never at payment, unless you start a round yourself.',
  ru: 'Приглашения уходят в сроки, указанные на экране «Расписание действий», – по умолчанию с даты начала сбора ответов – и никогда в момент оплаты, если только вы сами не запустите рассылку.',
  ar: 'تُرسل الدعوات في الأوقات المحددة في شاشة «توقيت الإجراءات» – افتراضيًا ابتداءً من تاريخ بدء تأكيد الحضور – ولا تُرسل أبدًا عند الدفع، إلا إذا بدأتم جولة بأنفسكم.',
};

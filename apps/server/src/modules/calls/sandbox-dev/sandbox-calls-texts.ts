import type { Lang } from '@magiim/shared';

export interface SandboxCallsTexts {
  notice: string;
  title: string;
  intro: string;
  empty: string;
  to: string;
  at: string;
  status: string;
  manual: string;
  auto: string;
  prompt: string;
  answer: string;
  hangUp: string;
  keypad: string;
  call: string;
  guest: string;
  messages: string;
  statuses: Record<string, string>;
}

/** The sandbox calls page (development only), in every language of the app. */
export const SANDBOX_CALLS_TEXTS: Record<Lang, SandboxCallsTexts> = {
  he: {
    notice: 'כלי פיתוח — שיחות ארגז החול, שום שיחה לא יוצאת באמת',
    title: 'שיחות ארגז החול',
    intro: 'השיחות האחרונות, מהחדשה לישנה. מספר שמסתיים ב-7 מחכה לכם: לענות, ללחוץ על המקשים ולנתק בשם האורח. 4 לא עונה, 5 תפוס פעמיים, 6 תא קולי.',
    empty: 'עדיין אין שיחות.',
    to: 'אל',
    at: 'מתי',
    status: 'מצב',
    manual: 'ידנית',
    auto: 'אוטומטית',
    prompt: 'מה השיחה אומרת עכשיו',
    answer: 'לענות',
    hangUp: 'לנתק',
    keypad: 'מקשים',
    call: 'השיחה',
    guest: 'האורח',
    messages: 'הודעות ארגז החול',
    statuses: { queued: 'בתור', ringing: 'מצלצלת', 'in-progress': 'בשיחה', completed: 'הסתיימה', busy: 'תפוס', 'no-answer': 'אין מענה', failed: 'נכשלה', canceled: 'בוטלה' },
  },
  en: {
    notice: 'Development tools — sandbox calls, no call really goes out',
    title: 'Sandbox calls',
    intro: 'The latest calls, newest first. A number ending in 7 waits for you: answer, press keys and hang up as the guest. 4 never answers, 5 is busy twice, 6 is a voicemail.',
    empty: 'No calls yet.',
    to: 'To',
    at: 'At',
    status: 'Status',
    manual: 'manual',
    auto: 'automatic',
    prompt: 'What the call says now',
    answer: 'Answer',
    hangUp: 'Hang up',
    keypad: 'Keypad',
    call: 'Call',
    guest: 'Guest',
    messages: 'Sandbox messages',
    statuses: { queued: 'queued', ringing: 'ringing', 'in-progress': 'talking', completed: 'ended', busy: 'busy', 'no-answer': 'no answer', failed: 'failed', canceled: 'canceled' },
  },
  ru: {
    notice: 'Инструменты разработчика — звонки песочницы, на самом деле никто не звонит',
    title: 'Звонки песочницы',
    intro: 'Последние звонки, сначала новые. Номер, оканчивающийся на 7, ждёт вас: ответьте, нажимайте клавиши и положите трубку за гостя. 4 не отвечает, 5 дважды занят, 6 — автоответчик.',
    empty: 'Звонков пока нет.',
    to: 'Кому',
    at: 'Когда',
    status: 'Состояние',
    manual: 'вручную',
    auto: 'автоматически',
    prompt: 'Что звонок говорит сейчас',
    answer: 'Ответить',
    hangUp: 'Положить трубку',
    keypad: 'Клавиатура',
    call: 'Звонок',
    guest: 'Гость',
    messages: 'Сообщения песочницы',
    statuses: { queued: 'в очереди', ringing: 'звонит', 'in-progress': 'разговор', completed: 'завершён', busy: 'занято', 'no-answer': 'нет ответа', failed: 'ошибка', canceled: 'отменён' },
  },
  ar: {
    notice: 'أدوات التطوير — مكالمات البيئة التجريبية، لا تخرج أي مكالمة فعلًا',
    title: 'مكالمات البيئة التجريبية',
    intro: 'آخر المكالمات، الأحدث أولًا. الرقم المنتهي بـ 7 ينتظركم: أجيبوا واضغطوا الأزرار وأنهوا المكالمة باسم الضيف. 4 لا يجيب، 5 مشغول مرتين، 6 بريد صوتي.',
    empty: 'لا توجد مكالمات بعد.',
    to: 'إلى',
    at: 'الوقت',
    status: 'الحالة',
    manual: 'يدوية',
    auto: 'تلقائية',
    prompt: 'ما تقوله المكالمة الآن',
    answer: 'الرد',
    hangUp: 'إنهاء المكالمة',
    keypad: 'لوحة الأرقام',
    call: 'المكالمة',
    guest: 'الضيف',
    messages: 'رسائل البيئة التجريبية',
    statuses: { queued: 'في الانتظار', ringing: 'يرن', 'in-progress': 'قيد المحادثة', completed: 'انتهت', busy: 'مشغول', 'no-answer': 'لا رد', failed: 'فشلت', canceled: 'أُلغيت' },
  },
};

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
  takeOver: string;
  hangUp: string;
  keypad: string;
  /** The field of a number of several digits (the count), sent with # as on a phone. */
  number: string;
  send: string;
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
    intro: 'השיחות האחרונות, מהחדשה לישנה. מספר שמסתיים ב-4 לא עונה, 5 תפוס פעמיים ואז עונה 1 ו-2 אנשים, 6 תא קולי, כל סיום אחר עונה 1 ואת כל המוזמנים. כדי לשחק שיחה בעצמכם, לחצו „לקחת את השיחה” על שיחה שעוד לא הסתיימה: לענות, ללחוץ על המקשים ולנתק בשם האורח.',
    empty: 'עדיין אין שיחות.',
    to: 'אל',
    at: 'מתי',
    status: 'מצב',
    manual: 'ידנית',
    auto: 'אוטומטית',
    prompt: 'מה השיחה אומרת עכשיו',
    answer: 'לענות',
    takeOver: 'לקחת את השיחה',
    hangUp: 'לנתק',
    keypad: 'מקשים',
    number: 'המספר (כמה ספרות), ואז #',
    send: '# לשליחה',
    call: 'השיחה',
    guest: 'האורח',
    messages: 'הודעות ארגז החול',
    statuses: { queued: 'בתור', ringing: 'מצלצלת', 'in-progress': 'בשיחה', completed: 'הסתיימה', busy: 'תפוס', 'no-answer': 'אין מענה', failed: 'נכשלה', canceled: 'בוטלה' },
  },
  en: {
    notice: 'Development tools — sandbox calls, no call really goes out',
    title: 'Sandbox calls',
    intro: 'The latest calls, newest first. A number ending in 4 never answers, 5 is busy twice then answers 1 and 2 people, 6 is a voicemail, every other ending answers 1 and the full count. To play a call yourself, press “Take over” on a call not over yet: answer, press keys and hang up as the guest.',
    empty: 'No calls yet.',
    to: 'To',
    at: 'At',
    status: 'Status',
    manual: 'manual',
    auto: 'automatic',
    prompt: 'What the call says now',
    answer: 'Answer',
    takeOver: 'Take over',
    hangUp: 'Hang up',
    keypad: 'Keypad',
    number: 'The number (several digits), then #',
    send: '# to send',
    call: 'Call',
    guest: 'Guest',
    messages: 'Sandbox messages',
    statuses: { queued: 'queued', ringing: 'ringing', 'in-progress': 'talking', completed: 'ended', busy: 'busy', 'no-answer': 'no answer', failed: 'failed', canceled: 'canceled' },
  },
  ru: {
    notice: 'Инструменты разработчика — звонки песочницы, на самом деле никто не звонит',
    title: 'Звонки песочницы',
    intro: 'Последние звонки, сначала новые. Номер на 4 не отвечает, на 5 дважды занят, затем отвечает 1 и 2 человека, на 6 — автоответчик, любой другой отвечает 1 и полное число. Чтобы сыграть звонок самим, нажмите «Взять звонок» у незавершённого звонка: ответьте, нажимайте клавиши и положите трубку за гостя.',
    empty: 'Звонков пока нет.',
    to: 'Кому',
    at: 'Когда',
    status: 'Состояние',
    manual: 'вручную',
    auto: 'автоматически',
    prompt: 'Что звонок говорит сейчас',
    answer: 'Ответить',
    takeOver: 'Взять звонок',
    hangUp: 'Положить трубку',
    keypad: 'Клавиатура',
    number: 'Число (несколько цифр), затем #',
    send: '# отправить',
    call: 'Звонок',
    guest: 'Гость',
    messages: 'Сообщения песочницы',
    statuses: { queued: 'в очереди', ringing: 'звонит', 'in-progress': 'разговор', completed: 'завершён', busy: 'занято', 'no-answer': 'нет ответа', failed: 'ошибка', canceled: 'отменён' },
  },
  ar: {
    notice: 'أدوات التطوير — مكالمات البيئة التجريبية، لا تخرج أي مكالمة فعلًا',
    title: 'مكالمات البيئة التجريبية',
    intro: 'آخر المكالمات، الأحدث أولًا. الرقم المنتهي بـ 4 لا يجيب، و5 مشغول مرتين ثم يجيب 1 وشخصين، و6 بريد صوتي، وأي نهاية أخرى تجيب 1 والعدد الكامل. لتلعبوا مكالمة بأنفسكم، اضغطوا «تولّي المكالمة» على مكالمة لم تنتهِ بعد: أجيبوا واضغطوا الأزرار وأنهوا المكالمة باسم الضيف.',
    empty: 'لا توجد مكالمات بعد.',
    to: 'إلى',
    at: 'الوقت',
    status: 'الحالة',
    manual: 'يدوية',
    auto: 'تلقائية',
    prompt: 'ما تقوله المكالمة الآن',
    answer: 'الرد',
    takeOver: 'تولّي المكالمة',
    hangUp: 'إنهاء المكالمة',
    keypad: 'لوحة الأرقام',
    number: 'الرقم (عدة خانات)، ثم #',
    send: '# للإرسال',
    call: 'المكالمة',
    guest: 'الضيف',
    messages: 'رسائل البيئة التجريبية',
    statuses: { queued: 'في الانتظار', ringing: 'يرن', 'in-progress': 'قيد المحادثة', completed: 'انتهت', busy: 'مشغول', 'no-answer': 'لا رد', failed: 'فشلت', canceled: 'أُلغيت' },
  },
};

import type { Lang } from '@magiim/shared';

/**
 * What a call says beyond the host's script (greeting, invitation, question, count, closing): the count read back,
 * the household split's question, the transport questions. Fixed per language, spoken as the default scripts are (plural, digits left as digits).
 */
export interface CallExtraTexts {
  /** After the count question when the count may take two digits. */
  countFinish: string;
  /** The count read back for confirmation. */
  readback: (count: number) => string;
  /** A count above the invitation, before the count is asked again. */
  countAbove: (max: number) => string;
  /** Issue 32: how many of the people coming are children (the event asks adults and children); 0 for none. */
  splitChildren: (coming: number) => string;
  /** Issue 32: how many of the people coming are women (the event asks men and women); 0 for none. */
  splitWomen: (coming: number) => string;
  /** A split count above the people coming, before it is asked again. */
  splitAbove: (coming: number) => string;
  /** Whether a ride is needed (the event asks transport). */
  ride: string;
  pickupIntro: string;
  /** One pickup point and its key. */
  pickupOption: (label: string, key: number) => string;
}

export const CALL_EXTRA_TEXTS: Record<Lang, CallExtraTexts> = {
  he: {
    countFinish: 'בסיום הקישו סולמית.',
    readback: (count) => `הקשתם ${count}. אם זה נכון, הקישו 1. להקשה מחדש, הקישו 2.`,
    countAbove: (max) => `המספר גבוה ממספר המוזמנים. אפשר להקיש עד ${max}.`,
    splitChildren: (coming) => `כמה מתוך ${coming} המגיעים הם ילדים? הקישו את המספר, או 0 אם אין ילדים.`,
    splitWomen: (coming) => `כמה מתוך ${coming} המגיעים הן נשים? הקישו את המספר, או 0 אם אין נשים.`,
    splitAbove: (coming) => `המספר גבוה ממספר המגיעים. אפשר להקיש עד ${coming}.`,
    ride: 'האם תצטרכו הסעה לאירוע? אם כן, הקישו 1. אם לא, הקישו 2.',
    pickupIntro: 'מאיזו נקודת איסוף?',
    pickupOption: (label, key) => `${label}: הקישו ${key}.`,
  },
  en: {
    countFinish: 'Then press the pound key.',
    readback: (count) => `You entered ${count}. If that is right, press 1. To enter it again, press 2.`,
    countAbove: (max) => `That is more than your invitation. Please enter a number up to ${max}.`,
    splitChildren: (coming) => `Of the ${coming} coming, how many are children? Enter the number, or 0 for none.`,
    splitWomen: (coming) => `Of the ${coming} coming, how many are women? Enter the number, or 0 for none.`,
    splitAbove: (coming) => `That is more than the people coming. Please enter a number up to ${coming}.`,
    ride: 'Will you need a ride to the event? Press 1 for yes, or 2 for no.',
    pickupIntro: 'From which pickup point?',
    pickupOption: (label, key) => `For ${label}, press ${key}.`,
  },
  ru: {
    countFinish: 'Затем нажмите решётку.',
    readback: (count) => `Вы ввели ${count}. Если верно, нажмите 1. Чтобы ввести заново, нажмите 2.`,
    countAbove: (max) => `Это больше, чем указано в приглашении. Введите число не больше ${max}.`,
    splitChildren: (coming) => `Сколько из ${coming} гостей, которые придут, — дети? Введите число или 0, если детей нет.`,
    splitWomen: (coming) => `Сколько из ${coming} гостей, которые придут, — женщины? Введите число или 0, если женщин нет.`,
    splitAbove: (coming) => `Это больше, чем число гостей, которые придут. Введите число не больше ${coming}.`,
    ride: 'Нужен ли вам трансфер на мероприятие? Если да, нажмите 1. Если нет, нажмите 2.',
    pickupIntro: 'От какой точки сбора?',
    pickupOption: (label, key) => `${label}: нажмите ${key}.`,
  },
  ar: {
    countFinish: 'ثم اضغطوا على مفتاح المربع.',
    readback: (count) => `أدخلتم ${count}. إذا كان صحيحًا اضغطوا 1، ولإعادة الإدخال اضغطوا 2.`,
    countAbove: (max) => `هذا العدد أكبر من عدد المدعوين. أدخلوا رقمًا حتى ${max}.`,
    splitChildren: (coming) => `كم من الـ ${coming} القادمين أطفال؟ أدخلوا العدد، أو 0 إذا لم يكن هناك أطفال.`,
    splitWomen: (coming) => `كم من الـ ${coming} القادمين نساء؟ أدخلوا العدد، أو 0 إذا لم تكن هناك نساء.`,
    splitAbove: (coming) => `هذا العدد أكبر من عدد القادمين. أدخلوا رقمًا حتى ${coming}.`,
    ride: 'هل تحتاجون مواصلات إلى المناسبة؟ إذا نعم اضغطوا 1، وإذا لا اضغطوا 2.',
    pickupIntro: 'من أي نقطة تجمّع؟',
    pickupOption: (label, key) => `${label}: اضغطوا ${key}.`,
  },
};

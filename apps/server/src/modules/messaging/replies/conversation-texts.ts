import { SPECIAL_MEAL_LABELS, type Lang, type SpecialMeal } from '@magiim/shared';

/**
 * What the WhatsApp conversation says to a guest after a tap (free-form messages inside the 24-hour window), in
 * the guest's language. Plain and about the event only: nothing here advertises the service.
 */
export interface ConversationTexts {
  /** The list asking how many are coming (the guest included). */
  askCount: string;
  /** More invited than a list can hold (10 rows): the guest types the number. */
  askCountTyped: (max: number) => string;
  /** A typed answer that is not a number from 1 to max. */
  countOutOfRange: (max: number) => string;
  /** Issue 32: of the people coming, how many are children (the event asks adults and children); typed, 0 for none. */
  askChildren: (attending: number) => string;
  /** Issue 32: of the people coming, how many are women (the event asks men and women). */
  askWomen: (attending: number) => string;
  /** A typed split that is not a number from 0 to the people coming. */
  splitOutOfRange: (max: number) => string;
  askMeals: string;
  /** The list's button (≤ 20 characters). */
  listButton: string;
  /** The list row of "no special meal" (≤ 24 characters). */
  noSpecialMeal: string;
  /** Whether a ride is needed (the event offers transport). */
  askRide: string;
  /** The list rows answering askRide (≤ 24 characters). */
  rideYes: string;
  rideNo: string;
  /** Which pickup point, the points numbered one a line (the list rows may cut long names). */
  askPickup: (points: string) => string;
  /** A typed answer that is not a point's number. */
  pickupOutOfRange: (max: number) => string;
  /** By SMS (no lists): the meals as numbered lines, the reply a number (0: none). */
  smsAskMeals: (lines: string) => string;
  /** By SMS: whether a ride is needed, 1 yes / 2 no. */
  smsAskRide: string;
  /** By SMS: which pickup point, its number. */
  smsAskPickup: (points: string) => string;
  coming: (attending: number, link: string) => string;
  declined: string;
  maybe: string;
  closed: string;
  optedOut: string;
}

export const CONVERSATION_TEXTS: Record<Lang, ConversationTexts> = {
  he: {
    askCount: 'תודה! כמה תגיעו (כולל אותך)?',
    askCountTyped: (max) => `תודה! כמה תגיעו (כולל אותך)? נא לשלוח מספר בין 1 ל-${max}.`,
    countOutOfRange: (max) => `נא לשלוח מספר בין 1 ל-${max}.`,
    askChildren: (attending) => `מתוך ${attending} המגיעים, כמה ילדים? נא לשלוח מספר (0 אם אין).`,
    askWomen: (attending) => `מתוך ${attending} המגיעים, כמה נשים? נא לשלוח מספר (0 אם אין).`,
    splitOutOfRange: (max) => `נא לשלוח מספר בין 0 ל-${max}.`,
    askMeals: 'האם צריך מנה מיוחדת? את הפרטים לכל אחד מהמגיעים אפשר למלא בדף ההזמנה האישי.',
    listButton: 'בחירה',
    noSpecialMeal: SPECIAL_MEAL_LABELS.no_special_dish.he,
    askRide: 'האם תצטרכו הסעה לאירוע?',
    rideYes: 'כן, צריכים הסעה',
    rideNo: 'לא צריכים הסעה',
    askPickup: (points) => `מאיזו נקודת איסוף? אפשר לבחור ברשימה או לשלוח את המספר:\n${points}`,
    pickupOutOfRange: (max) => `נא לשלוח את מספר נקודת האיסוף, בין 1 ל-${max}.`,
    smsAskMeals: (lines) => `האם צריך מנה מיוחדת? נא להשיב במספר:\n${lines}`,
    smsAskRide: 'האם תצטרכו הסעה לאירוע? נא להשיב 1 אם כן, 2 אם לא.',
    smsAskPickup: (points) => `מאיזו נקודת איסוף? נא להשיב במספר:\n${points}`,
    coming: (attending, link) => `תודה, רשמנו ${attending === 1 ? 'שאת/ה מגיע/ה' : `${attending} מגיעים`}. לשינוי או לפרטים נוספים: ${link}`,
    declined: 'תודה על העדכון, רשמנו שלא תגיעו.',
    maybe: 'תודה, רשמנו שעוד לא בטוח. אפשר לעדכן בכל עת.',
    closed: 'אישורי ההגעה לאירוע הזה כבר נסגרו.',
    optedOut: 'הוסרת. לא יישלחו אליך עוד הודעות על האירוע הזה.',
  },
  en: {
    askCount: 'Thank you! How many of you are coming (you included)?',
    askCountTyped: (max) => `Thank you! How many of you are coming (you included)? Please send a number from 1 to ${max}.`,
    countOutOfRange: (max) => `Please send a number from 1 to ${max}.`,
    askChildren: (attending) => `Of the ${attending} coming, how many are children? Please send a number (0 if none).`,
    askWomen: (attending) => `Of the ${attending} coming, how many are women? Please send a number (0 if none).`,
    splitOutOfRange: (max) => `Please send a number from 0 to ${max}.`,
    askMeals: 'Does anyone need a special meal? Details for each person can be filled in on your invitation page.',
    listButton: 'Choose',
    noSpecialMeal: SPECIAL_MEAL_LABELS.no_special_dish.en,
    askRide: 'Will you need a ride to the event?',
    rideYes: 'Yes, I need a ride',
    rideNo: 'No ride needed',
    askPickup: (points) => `From which pickup point? Choose from the list or send its number:\n${points}`,
    pickupOutOfRange: (max) => `Please send the pickup point's number, from 1 to ${max}.`,
    smsAskMeals: (lines) => `Does anyone need a special meal? Please reply with a number:\n${lines}`,
    smsAskRide: 'Will you need a ride to the event? Reply 1 for yes, 2 for no.',
    smsAskPickup: (points) => `From which pickup point? Please reply with its number:\n${points}`,
    coming: (attending, link) => `Thank you, we noted ${attending === 1 ? 'that you are coming' : `${attending} people coming`}. To change it or add details: ${link}`,
    declined: 'Thank you for letting us know; we noted that you are not coming.',
    maybe: 'Thank you, we noted that you are not sure yet. You can update it any time.',
    closed: 'Answers for this event are closed.',
    optedOut: 'Done. You will get no more messages about this event.',
  },
  ru: {
    askCount: 'Спасибо! Сколько человек придёт (включая вас)?',
    askCountTyped: (max) => `Спасибо! Сколько человек придёт (включая вас)? Пришлите число от 1 до ${max}.`,
    countOutOfRange: (max) => `Пришлите, пожалуйста, число от 1 до ${max}.`,
    askChildren: (attending) => `Из ${attending} гостей сколько детей? Пришлите число (0, если детей нет).`,
    askWomen: (attending) => `Из ${attending} гостей сколько женщин? Пришлите число (0, если нет).`,
    splitOutOfRange: (max) => `Пришлите, пожалуйста, число от 0 до ${max}.`,
    askMeals: 'Нужно ли особое блюдо? Подробности для каждого гостя можно указать на вашей странице приглашения.',
    listButton: 'Выбрать',
    noSpecialMeal: SPECIAL_MEAL_LABELS.no_special_dish.ru,
    askRide: 'Нужен ли вам трансфер на мероприятие?',
    rideYes: 'Да, нужен трансфер',
    rideNo: 'Трансфер не нужен',
    askPickup: (points) => `От какой точки сбора? Выберите в списке или пришлите её номер:\n${points}`,
    pickupOutOfRange: (max) => `Пришлите, пожалуйста, номер точки сбора от 1 до ${max}.`,
    smsAskMeals: (lines) => `Нужно ли особое блюдо? Ответьте числом:\n${lines}`,
    smsAskRide: 'Нужен ли вам трансфер на мероприятие? Ответьте 1, если да, 2, если нет.',
    smsAskPickup: (points) => `От какой точки сбора? Ответьте её номером:\n${points}`,
    coming: (attending, link) => `Спасибо, мы записали: ${attending === 1 ? 'вы придёте' : `придут ${attending} чел.`}. Изменить ответ или добавить детали: ${link}`,
    declined: 'Спасибо, что сообщили. Мы записали, что вы не придёте.',
    maybe: 'Спасибо, мы записали, что вы пока не уверены. Ответ можно изменить в любое время.',
    closed: 'Ответы на это мероприятие уже закрыты.',
    optedOut: 'Готово. Сообщений об этом мероприятии больше не будет.',
  },
  ar: {
    askCount: 'شكرًا! كم شخصًا سيحضر (بما فيهم أنت)؟',
    askCountTyped: (max) => `شكرًا! كم شخصًا سيحضر (بما فيهم أنت)؟ أرسلوا رقمًا من 1 إلى ${max}.`,
    countOutOfRange: (max) => `أرسلوا رقمًا من 1 إلى ${max} من فضلكم.`,
    askChildren: (attending) => `من بين ${attending} الحاضرين، كم طفلًا؟ أرسلوا رقمًا (0 إن لم يكن).`,
    askWomen: (attending) => `من بين ${attending} الحاضرين، كم امرأة؟ أرسلوا رقمًا (0 إن لم يكن).`,
    splitOutOfRange: (max) => `أرسلوا رقمًا من 0 إلى ${max} من فضلكم.`,
    askMeals: 'هل تحتاجون وجبة خاصة؟ يمكن إدخال التفاصيل لكل شخص في صفحة الدعوة الشخصية.',
    listButton: 'اختيار',
    noSpecialMeal: SPECIAL_MEAL_LABELS.no_special_dish.ar,
    askRide: 'هل تحتاجون مواصلات إلى المناسبة؟',
    rideYes: 'نعم، نحتاج مواصلات',
    rideNo: 'لا نحتاج مواصلات',
    askPickup: (points) => `من أي نقطة تجمّع؟ اختاروا من القائمة أو أرسلوا رقمها:\n${points}`,
    pickupOutOfRange: (max) => `أرسلوا رقم نقطة التجمّع، من 1 إلى ${max} من فضلكم.`,
    smsAskMeals: (lines) => `هل تحتاجون وجبة خاصة؟ أرسلوا رقمًا:\n${lines}`,
    smsAskRide: 'هل تحتاجون مواصلات إلى المناسبة؟ أرسلوا 1 إذا نعم، 2 إذا لا.',
    smsAskPickup: (points) => `من أي نقطة تجمّع؟ أرسلوا رقمها:\n${points}`,
    coming: (attending, link) => `شكرًا، سجّلنا ${attending === 1 ? 'أنك ستحضر' : `حضور ${attending} أشخاص`}. للتغيير أو لإضافة تفاصيل: ${link}`,
    declined: 'شكرًا على إبلاغنا، سجّلنا أنكم لن تحضروا.',
    maybe: 'شكرًا، سجّلنا أنكم لستم متأكدين بعد. يمكن التحديث في أي وقت.',
    closed: 'تم إغلاق الردود على هذه المناسبة.',
    optedOut: 'تم. لن تصلكم رسائل أخرى عن هذه المناسبة.',
  },
};

/** A meal as a list row shows it (≤ 24 characters). */
export const mealTitleOf = (meal: SpecialMeal, lang: Lang): string => SPECIAL_MEAL_LABELS[meal][lang].slice(0, 24);

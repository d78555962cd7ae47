import type { Lang, TemplatePurpose } from '@magiim/shared';

/**
 * The texts a guest gets until the host's own text is approved. Informational only: nothing promotes Magiim
 * (spam law §30A). Each passes WhatsApp's static review rules (no variable at the very start or end, none side
 * by side, one link at most), since the defaults are our own pre-approved templates. Hebrew avoids gluing a
 * prefix letter to {eventName} ("ב" + "החתונה" would read "בהחתונה").
 */
export const DEFAULT_TEXTS: Record<TemplatePurpose, Record<Lang, string>> = {
  invitation: {
    he: 'שלום {guestName}, נשמח לראותך באירוע {eventName} ב{date} בשעה {time}, {place}.\nלאישור הגעה: {link}\nתודה!',
    en: 'Hello {guestName}, you are invited to {eventName} on {date} at {time}, {place}.\nPlease RSVP here: {link}\nThank you!',
    ru: 'Здравствуйте, {guestName}! Приглашаем вас на праздник «{eventName}»: {date} в {time}, {place}.\nПодтвердите участие: {link}\nСпасибо!',
    ar: 'مرحبًا {guestName}، يسعدنا دعوتك لحضور {eventName} يوم {date} الساعة {time}، {place}.\nلتأكيد الحضور: {link}\nشكرًا لك!',
  },
  direction: {
    he: 'שלום {guestName}, מחכים לך באירוע {eventName} ב{date} בשעה {time}, {place}.\nלניווט: {navigationLink}\nנתראה!',
    en: 'Hello {guestName}, we look forward to seeing you at {eventName} on {date} at {time}, {place}.\nDirections: {navigationLink}\nSee you soon!',
    ru: 'Здравствуйте, {guestName}! Ждём вас на празднике «{eventName}»: {date} в {time}, {place}.\nКак добраться: {navigationLink}\nДо встречи!',
    ar: 'مرحبًا {guestName}، بانتظارك في {eventName} يوم {date} الساعة {time}، {place}.\nللوصول إلى المكان: {navigationLink}\nنراك قريبًا!',
  },
  thanks: {
    he: 'שלום {guestName}, תודה רבה שהגעת לאירוע {eventName}! שמחנו מאוד לחגוג יחד איתך.',
    en: 'Hello {guestName}, thank you for celebrating {eventName} with us! It meant a lot to us that you came.',
    ru: 'Здравствуйте, {guestName}! Спасибо, что были с нами на празднике «{eventName}». Нам было очень приятно вас видеть!',
    ar: 'مرحبًا {guestName}، شكرًا لمشاركتك فرحتنا في {eventName}! سعدنا كثيرًا بحضورك.',
  },
};


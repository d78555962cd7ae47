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
  // Issue 32: a warm note weeks ahead; no answer asked and no link (the invitation with its link follows).
  saveTheDate: {
    he: 'שלום {guestName}, שמרו את התאריך! 🗓️\nהאירוע {eventName} יתקיים ב{date}, {place}.\nההזמנה תגיע בהמשך. נשמח לחגוג איתכם!',
    en: 'Hello {guestName}, save the date! 🗓️\n{eventName} will be on {date}, {place}.\nThe invitation will follow. We would love to celebrate with you!',
    ru: 'Здравствуйте, {guestName}! Сохраните дату 🗓️\n«{eventName}»: {date}, {place}.\nПриглашение придёт позже. Будем рады отпраздновать вместе с вами!',
    ar: 'مرحبًا {guestName}، احفظوا الموعد! 🗓️\n{eventName} يوم {date}، {place}.\nستصلكم الدعوة لاحقًا. يسعدنا أن نحتفل معكم!',
  },
};


/**
 * Issue 31: the line the default direction message gets for a guest who has a table (none for a guest without one:
 * no empty "your table:" line). It goes before the directions line, by WhatsApp and by SMS; not in the Meta
 * templates, whose approved text cannot change per guest (a host's own text with `{table}` can).
 */
export const DEFAULT_TABLE_LINES: Record<Lang, string> = {
  he: 'השולחן שלך: {table}',
  en: 'Your table: {table}',
  ru: 'Ваш стол: {table}',
  ar: 'طاولتك: {table}',
};

/**
 * The defaults by SMS, where every part is paid: each fits in 2 parts with a real event's values (a 20-character
 * name, a 40-character venue, the short link; see default-sms-parts.ts and `npm run bench:sms-parts`). Hebrew,
 * Russian and Arabic go as UCS-2 (134 characters in 2 parts), so the invitation leaves the venue to the guest's page
 * and the direction message the date (it goes on the day or the evening before). Not WhatsApp templates.
 */
export const DEFAULT_SMS_TEXTS: Record<TemplatePurpose, Record<Lang, string>> = {
  invitation: {
    he: '{guestName}, מחכים לך! {eventName} {date} {time}\nלאישור: {link}',
    en: 'Dear {guestName}, we would love to see you at {eventName} on {date} at {time}.\nPlease RSVP here: {link}\nThank you!',
    ru: '{guestName}, ждём вас! {eventName}, {date} {time}\nОтвет: {link}',
    ar: '{guestName}، بانتظارك! {eventName}، {date} {time}\nللرد: {link}',
  },
  direction: {
    he: '{guestName}, נתראה ב-{time} ב{place}\nניווט: {navigationLink}',
    en: 'Dear {guestName}, we look forward to seeing you at {time}, {place}.\nDirections: {navigationLink}\nSee you soon!',
    ru: '{guestName}, ждём в {time}: {place}\nМаршрут: {navigationLink}',
    ar: '{guestName}، نراك {time} في {place}\nالطريق: {navigationLink}',
  },
  thanks: {
    he: '{guestName}, תודה רבה שחגגת איתנו את {eventName}! שמחנו מאוד לראותך.',
    en: 'Dear {guestName}, thank you for celebrating {eventName} with us! It meant a lot to us that you came.',
    ru: '{guestName}, спасибо, что праздновали с нами «{eventName}»! Мы были очень рады вас видеть.',
    ar: '{guestName}، شكرًا لمشاركتك فرحتنا في {eventName}! سعدنا كثيرًا بحضورك.',
  },
  // The save-the-date leaves the venue to the invitation (2 parts in UCS-2).
  saveTheDate: {
    he: '{guestName}, שמרו את התאריך! {eventName} ב{date}. ההזמנה תגיע בהמשך.',
    en: 'Dear {guestName}, save the date! {eventName} on {date}. The invitation will follow.',
    ru: '{guestName}, сохраните дату! «{eventName}», {date}. Приглашение придёт позже.',
    ar: '{guestName}، احفظوا الموعد! {eventName}، {date}. ستصلكم الدعوة لاحقًا.',
  },
};

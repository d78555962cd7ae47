import type { Lang } from './enums.js';

/**
 * Israeli banks a gift payout can go to, by the Bank of Israel's bank code (two digits, as the form sends it),
 * named as each language's readers know them. Banks merged into another keep their code while accounts move.
 */
export const ISRAELI_BANKS: readonly { code: string; names: Record<Lang, string> }[] = [
  { code: '12', names: { he: 'בנק הפועלים', en: 'Bank Hapoalim', ru: 'Банк Апоалим', ar: 'بنك هبوعليم' } },
  { code: '10', names: { he: 'בנק לאומי', en: 'Bank Leumi', ru: 'Банк Леуми', ar: 'بنك لئومي' } },
  { code: '11', names: { he: 'בנק דיסקונט', en: 'Discount Bank', ru: 'Банк Дисконт', ar: 'بنك ديسكونت' } },
  { code: '20', names: { he: 'בנק מזרחי טפחות', en: 'Mizrahi-Tefahot Bank', ru: 'Банк Мизрахи-Тфахот', ar: 'بنك مزراحي طفحوت' } },
  { code: '31', names: { he: 'הבנק הבינלאומי', en: 'First International Bank (HaBeinleumi)', ru: 'Первый международный банк', ar: 'البنك الدولي الأول' } },
  { code: '17', names: { he: 'בנק מרכנתיל דיסקונט', en: 'Mercantile Discount Bank', ru: 'Банк Меркантиль Дисконт', ar: 'بنك مركنتيل ديسكونت' } },
  { code: '14', names: { he: 'בנק אוצר החייל', en: 'Bank Otsar Ha-Hayal', ru: 'Банк Оцар а-Хаяль', ar: 'بنك أوتسار هحيال' } },
  { code: '13', names: { he: 'בנק אגוד', en: 'Union Bank (Igud)', ru: 'Банк Игуд', ar: 'بنك إيغود' } },
  { code: '46', names: { he: 'בנק מסד', en: 'Bank Massad', ru: 'Банк Масад', ar: 'بنك مساد' } },
  { code: '52', names: { he: 'בנק פועלי אגודת ישראל', en: 'Poalei Agudat Israel Bank', ru: 'Банк Поалей Агудат Исраэль', ar: 'بنك بوعالي أغودات يسرائيل' } },
  { code: '54', names: { he: 'בנק ירושלים', en: 'Bank of Jerusalem', ru: 'Банк Иерусалим', ar: 'بنك القدس' } },
  { code: '04', names: { he: 'בנק יהב', en: 'Bank Yahav', ru: 'Банк Яхав', ar: 'بنك يهاف' } },
  { code: '09', names: { he: 'בנק הדואר', en: 'Postal Bank', ru: 'Почтовый банк', ar: 'بنك البريد' } },
  { code: '18', names: { he: 'וואן זירו הבנק הדיגיטלי', en: 'One Zero Digital Bank', ru: 'Цифровой банк One Zero', ar: 'بنك وان زيرو الرقمي' } },
];

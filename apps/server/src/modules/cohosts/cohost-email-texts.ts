import type { Lang } from '@magiim/shared';

interface CohostEmailTexts {
  hello: string;
  greeting: (name: string) => string;
  footer: (supportEmail: string) => string;
  invitation: { subject: (eventName: string) => string; body: (inviter: string, eventName: string) => string; rights: string; expires: string; action: string; ignore: string };
  accepted: { subject: (eventName: string) => string; body: (cohost: string, eventName: string) => string; remove: string; action: string };
}

/** The co-host e-mails' words in every interface language (a missing language is a compile error). */
export const COHOST_EMAIL_TEXTS: Record<Lang, CohostEmailTexts> = {
  he: {
    hello: 'שלום,',
    greeting: (name) => `שלום ${name},`,
    footer: (support) => `נשלח על ידי מגיעים. לשאלות: ${support}`,
    invitation: {
      subject: (event) => `הזמנה לנהל יחד את ${event} במגיעים`,
      body: (inviter, event) => `${inviter} מזמין/ה אותך להיות מארח/ת שותף/ה של ${event} במגיעים.`,
      rights: 'מארחים שותפים מנהלים את רשימת האורחים, ההודעות והאישורים. התשלום, מחיקת האירוע וניהול המארחים נשארים אצל בעל/ת האירוע.',
      expires: 'הקישור בתוקף ל-7 ימים וניתן להשתמש בו פעם אחת.',
      action: 'הצטרפות כמארח/ת שותף/ה',
      ignore: 'אם אינך מכיר/ה את השולח/ת, אפשר להתעלם מהודעה זו.',
    },
    accepted: {
      subject: (event) => `מארח/ת שותף/ה הצטרף/ה ל${event}`,
      body: (cohost, event) => `${cohost} הצטרף/ה כמארח/ת שותף/ה של ${event}.`,
      remove: 'אפשר להסיר מארחים שותפים בכל עת בהגדרות האירוע.',
      action: 'להגדרות האירוע',
    },
  },
  en: {
    hello: 'Hello,',
    greeting: (name) => `Hello ${name},`,
    footer: (support) => `Sent by Magiim. Questions: ${support}`,
    invitation: {
      subject: (event) => `You are invited to co-host ${event} on Magiim`,
      body: (inviter, event) => `${inviter} invites you to be a co-host of ${event} on Magiim.`,
      rights: "Co-hosts manage the guest list, the messages and the answers. Payment, deleting the event and managing co-hosts stay with the event's owner.",
      expires: 'The link is valid for 7 days and can be used once.',
      action: 'Join as co-host',
      ignore: 'If you do not know the sender, you can ignore this e-mail.',
    },
    accepted: {
      subject: (event) => `A co-host joined ${event}`,
      body: (cohost, event) => `${cohost} joined ${event} as a co-host.`,
      remove: "You can remove co-hosts at any time in the event's settings.",
      action: 'Open event settings',
    },
  },
  ru: {
    hello: 'Здравствуйте!',
    greeting: (name) => `Здравствуйте, ${name}!`,
    footer: (support) => `Отправлено Magiim. Вопросы: ${support}`,
    invitation: {
      subject: (event) => `Приглашение стать соорганизатором: ${event} в Magiim`,
      body: (inviter, event) => `${inviter} приглашает вас стать соорганизатором мероприятия «${event}» в Magiim.`,
      rights: 'Соорганизаторы ведут список гостей, сообщения и ответы. Оплата, удаление мероприятия и управление соорганизаторами остаются у владельца.',
      expires: 'Ссылка действительна 7 дней и может быть использована один раз.',
      action: 'Присоединиться',
      ignore: 'Если вы не знаете отправителя, просто проигнорируйте это письмо.',
    },
    accepted: {
      subject: (event) => `Новый соорганизатор: ${event}`,
      body: (cohost, event) => `${cohost} присоединился(-ась) к мероприятию «${event}» как соорганизатор.`,
      remove: 'Соорганизаторов можно удалить в любой момент в настройках мероприятия.',
      action: 'Настройки мероприятия',
    },
  },
  ar: {
    hello: 'مرحبًا،',
    greeting: (name) => `مرحبًا ${name}،`,
    footer: (support) => `أُرسلت من Magiim. للاستفسارات: ${support}`,
    invitation: {
      subject: (event) => `دعوة للمشاركة في استضافة ${event} في Magiim`,
      body: (inviter, event) => `يدعوك ${inviter} لتكون مضيفًا مشاركًا في ${event} على Magiim.`,
      rights: 'يدير المضيفون المشاركون قائمة الضيوف والرسائل والردود. يبقى الدفع وحذف المناسبة وإدارة المضيفين المشاركين لصاحب المناسبة.',
      expires: 'الرابط صالح لمدة 7 أيام ويمكن استخدامه مرة واحدة.',
      action: 'الانضمام كمضيف مشارك',
      ignore: 'إذا كنت لا تعرف المرسل، يمكنك تجاهل هذه الرسالة.',
    },
    accepted: {
      subject: (event) => `انضم مضيف مشارك إلى ${event}`,
      body: (cohost, event) => `انضم ${cohost} إلى ${event} كمضيف مشارك.`,
      remove: 'يمكنك إزالة المضيفين المشاركين في أي وقت من إعدادات المناسبة.',
      action: 'إعدادات المناسبة',
    },
  },
};

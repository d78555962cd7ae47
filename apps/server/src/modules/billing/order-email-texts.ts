import type { Lang } from '@magiim/shared';

export interface OrderEmailTexts {
  greeting: (name: string) => string;
  footer: (supportEmail: string) => string;
  packageName: (packageId: number) => string;
  guests: (count: number) => string;
  /** One line for the provider's page and the receipt. */
  description: (packageName: string, guests: string, eventName: string) => string;
  paid: {
    subject: (orderNumber: number) => string;
    body: (eventName: string, what: string) => string;
    amount: (amount: string, vat: string) => string;
    next: string;
    action: string;
  };
  failed: { subject: (orderNumber: number) => string; body: (eventName: string) => string; action: string };
  cancelled: {
    subject: (orderNumber: number) => string;
    body: (eventName: string) => string;
    refund: (refund: string, fee: string) => string;
    reason: (reason: string) => string;
  };
  /** The support copy names the host. */
  host: (name: string, email: string) => string;
}

/** The order e-mails' words in every interface language (the type makes a missing language a compile error). */
export const ORDER_EMAIL_TEXTS: Record<Lang, OrderEmailTexts> = {
  he: {
    greeting: (name) => `שלום ${name},`,
    footer: (support) => `נשלח על ידי מגיעים. לשאלות: ${support}`,
    packageName: (id) => (id === 2 ? 'חבילת פרימיום' : 'חבילה בסיסית'),
    guests: (count) => `${count} מוזמנים`,
    description: (pkg, guests, event) => `מגיעים – ${pkg}, ${guests} – ${event}`,
    paid: {
      subject: (n) => `התשלום התקבל – הזמנה ${n}`,
      body: (event, what) => `קיבלנו את התשלום עבור ${event}: ${what}.`,
      amount: (amount, vat) => `סכום: ${amount} (כולל מע"מ ${vat}).`,
      next: 'המוזמנים שלכם בתהליך: ההזמנות יישלחו החל מתאריך תחילת אישורי ההגעה.',
      action: 'לקבלה',
    },
    failed: {
      subject: (n) => `התשלום לא הושלם – הזמנה ${n}`,
      body: (event) => `התשלום עבור ${event} לא עבר, ולא חויבתם. אפשר לנסות שוב.`,
      action: 'לנסות שוב',
    },
    cancelled: {
      subject: (n) => `ההזמנה בוטלה – הזמנה ${n}`,
      body: (event) => `קיבלנו את בקשת הביטול של החבילה עבור ${event}. ההזמנה בוטלה.`,
      refund: (refund, fee) => `החזר: ${refund} (דמי ביטול: ${fee}).`,
      reason: (reason) => `סיבת הביטול: ${reason}`,
    },
    host: (name, email) => `המזמין: ${name} <${email}>`,
  },
  en: {
    greeting: (name) => `Hello ${name},`,
    footer: (support) => `Sent by Magiim. Questions: ${support}`,
    packageName: (id) => (id === 2 ? 'Premium package' : 'Basic package'),
    guests: (count) => `${count} guests`,
    description: (pkg, guests, event) => `Magiim – ${pkg}, ${guests} – ${event}`,
    paid: {
      subject: (n) => `Payment received – order ${n}`,
      body: (event, what) => `We received your payment for ${event}: ${what}.`,
      amount: (amount, vat) => `Amount: ${amount} (VAT ${vat} included).`,
      next: 'Your guests are now in process: invitations go out from the RSVP start date.',
      action: 'View receipt',
    },
    failed: {
      subject: (n) => `Payment not completed – order ${n}`,
      body: (event) => `The payment for ${event} did not go through, and nothing was charged. You can try again.`,
      action: 'Try again',
    },
    cancelled: {
      subject: (n) => `Order cancelled – order ${n}`,
      body: (event) => `We received your cancellation of the package for ${event}. The order is cancelled.`,
      refund: (refund, fee) => `Refund: ${refund} (cancellation fee: ${fee}).`,
      reason: (reason) => `Reason for cancelling: ${reason}`,
    },
    host: (name, email) => `Host: ${name} <${email}>`,
  },
  ru: {
    greeting: (name) => `Здравствуйте, ${name}!`,
    footer: (support) => `Отправлено Magiim. Вопросы: ${support}`,
    packageName: (id) => (id === 2 ? 'Премиум-пакет' : 'Базовый пакет'),
    guests: (count) => `гостей: ${count}`,
    description: (pkg, guests, event) => `Magiim – ${pkg}, ${guests} – ${event}`,
    paid: {
      subject: (n) => `Оплата получена – заказ ${n}`,
      body: (event, what) => `Мы получили оплату за «${event}»: ${what}.`,
      amount: (amount, vat) => `Сумма: ${amount} (включая НДС ${vat}).`,
      next: 'Ваши гости в процессе: приглашения будут отправлены с даты начала подтверждений.',
      action: 'Открыть квитанцию',
    },
    failed: {
      subject: (n) => `Оплата не завершена – заказ ${n}`,
      body: (event) => `Оплата за «${event}» не прошла, деньги не списаны. Можно попробовать ещё раз.`,
      action: 'Попробовать ещё раз',
    },
    cancelled: {
      subject: (n) => `Заказ отменён – заказ ${n}`,
      body: (event) => `Мы получили вашу отмену пакета для «${event}». Заказ отменён.`,
      refund: (refund, fee) => `Возврат: ${refund} (плата за отмену: ${fee}).`,
      reason: (reason) => `Причина отмены: ${reason}`,
    },
    host: (name, email) => `Организатор: ${name} <${email}>`,
  },
  ar: {
    greeting: (name) => `مرحبًا ${name}،`,
    footer: (support) => `أُرسلت من Magiim. للاستفسارات: ${support}`,
    packageName: (id) => (id === 2 ? 'الباقة المميزة' : 'الباقة الأساسية'),
    guests: (count) => `${count} مدعوًا`,
    description: (pkg, guests, event) => `Magiim – ${pkg}، ${guests} – ${event}`,
    paid: {
      subject: (n) => `تم استلام الدفع – الطلب ${n}`,
      body: (event, what) => `استلمنا دفعتك لـ ${event}: ${what}.`,
      amount: (amount, vat) => `المبلغ: ${amount} (شامل ضريبة القيمة المضافة ${vat}).`,
      next: 'ضيوفك الآن قيد المعالجة: تُرسل الدعوات ابتداءً من تاريخ بدء تأكيد الحضور.',
      action: 'عرض الإيصال',
    },
    failed: {
      subject: (n) => `لم يكتمل الدفع – الطلب ${n}`,
      body: (event) => `لم تنجح عملية الدفع لـ ${event}، ولم يُخصم أي مبلغ. يمكنك المحاولة مرة أخرى.`,
      action: 'المحاولة مرة أخرى',
    },
    cancelled: {
      subject: (n) => `تم إلغاء الطلب – الطلب ${n}`,
      body: (event) => `استلمنا طلب إلغاء الباقة لـ ${event}. تم إلغاء الطلب.`,
      refund: (refund, fee) => `المبلغ المسترد: ${refund} (رسوم الإلغاء: ${fee}).`,
      reason: (reason) => `سبب الإلغاء: ${reason}`,
    },
    host: (name, email) => `المضيف: ${name} <${email}>`,
  },
};

const LOCALES: Record<Lang, string> = { he: 'he-IL', en: 'en-IL', ru: 'ru-RU', ar: 'ar-IL' };

/** Agorot as shekels in the language's own way of writing money (₪ and two decimals). */
export const formatShekels = (agorot: number, lang: Lang): string =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'ILS', numberingSystem: 'latn' }).format(agorot / 100);

import { SENDING_PROMISE, type Lang } from '@magiim/shared';

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
  /** Money refunded in full without the host asking: it bought nothing more (see RefundWhy). */
  refunded: {
    subject: (orderNumber: number) => string;
    body: (eventName: string, amount: string) => string;
    superseded: string;
    alreadyPaid: string;
    creditChanged: string;
    action: string;
  };
  /** To support: money that matches no order. */
  attention: { subject: (orderNumber: number) => string; body: (reason: string) => string };
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
      next: SENDING_PROMISE.he,
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
    refunded: {
      subject: (n) => `החזר מלא – הזמנה ${n}`,
      body: (event, amount) => `התקבל תשלום עבור ${event} שלא נוסף לחבילה, ולכן החזרנו את כולו: ${amount}.`,
      superseded: 'ההזמנה הוחלפה בהזמנה חדשה יותר של אותו אירוע.',
      alreadyPaid: 'החבילה של האירוע כבר שולמה.',
      creditChanged: 'החבילה של האירוע השתנתה מאז שהשדרוג תומחר (החזר או שדרוג אחר), ולכן המחיר כבר לא נכון.',
      action: 'להזמין שוב במחיר הנכון',
    },
    attention: {
      subject: (n) => `הזמנה ${n} דורשת בדיקה: תשלום שלא תואם`,
      body: (reason) => `התקבל תשלום שלא תואם את ההזמנה: ${reason}. לא בוצע שום שינוי באירוע.`,
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
      next: SENDING_PROMISE.en,
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
    refunded: {
      subject: (n) => `Full refund – order ${n}`,
      body: (event, amount) => `A payment for ${event} could not be added to the package, so we refunded all of it: ${amount}.`,
      superseded: 'The order was replaced by a newer order of the same event.',
      alreadyPaid: "The event's package was already paid for.",
      creditChanged: "The event's package changed after the upgrade was priced (a refund or another upgrade), so its price was no longer right.",
      action: 'Order again at the right price',
    },
    attention: {
      subject: (n) => `Order ${n} needs attention: a payment that does not match`,
      body: (reason) => `A payment arrived that does not match the order: ${reason}. Nothing was changed on the event.`,
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
      next: SENDING_PROMISE.ru,
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
    refunded: {
      subject: (n) => `Полный возврат – заказ ${n}`,
      body: (event, amount) => `Платёж за «${event}» не удалось добавить к пакету, поэтому мы вернули его полностью: ${amount}.`,
      superseded: 'Заказ был заменён более новым заказом того же мероприятия.',
      alreadyPaid: 'Пакет мероприятия уже был оплачен.',
      creditChanged: 'Пакет мероприятия изменился после расчёта цены расширения (возврат или другое расширение), поэтому цена больше не верна.',
      action: 'Заказать снова по верной цене',
    },
    attention: {
      subject: (n) => `Заказ ${n} требует проверки: платёж не совпадает`,
      body: (reason) => `Поступил платёж, не совпадающий с заказом: ${reason}. В мероприятии ничего не изменено.`,
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
      next: SENDING_PROMISE.ar,
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
    refunded: {
      subject: (n) => `استرداد كامل – الطلب ${n}`,
      body: (event, amount) => `تعذّرت إضافة دفعة لـ ${event} إلى الباقة، لذلك أعدناها كاملة: ${amount}.`,
      superseded: 'استُبدل الطلب بطلب أحدث للمناسبة نفسها.',
      alreadyPaid: 'باقة المناسبة مدفوعة مسبقًا.',
      creditChanged: 'تغيّرت باقة المناسبة بعد تسعير الترقية (استرداد أو ترقية أخرى)، لذلك لم يعد سعرها صحيحًا.',
      action: 'الطلب من جديد بالسعر الصحيح',
    },
    attention: {
      subject: (n) => `الطلب ${n} يحتاج إلى مراجعة: دفعة غير مطابقة`,
      body: (reason) => `وصلت دفعة لا تطابق الطلب: ${reason}. لم يتغيّر شيء في المناسبة.`,
    },
    host: (name, email) => `المضيف: ${name} <${email}>`,
  },
};

const LOCALES: Record<Lang, string> = { he: 'he-IL', en: 'en-IL', ru: 'ru-RU', ar: 'ar-IL' };

/** Agorot as shekels in the language's own way of writing money (₪ and two decimals). */
export const formatShekels = (agorot: number, lang: Lang): string =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'ILS', numberingSystem: 'latn' }).format(agorot / 100);

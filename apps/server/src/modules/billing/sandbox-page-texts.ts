import type { Lang } from '@magiim/shared';

export interface SandboxPageTexts {
  title: string;
  notice: string;
  amount: string;
  pay: string;
  decline: string;
  cancel: string;
  decided: (outcome: 'pay' | 'decline' | 'cancel') => string;
  receipt: string;
  orderNumber: string;
  description: string;
  beforeVat: string;
  vat: (percent: number) => string;
  total: string;
  paidBy: string;
  refunded: string;
  notFound: string;
  /** The order was replaced by a newer one or closed: this page takes no payment. */
  closed: string;
}

/** The sandbox's hosted page and receipt in every interface language. */
export const SANDBOX_PAGE_TEXTS: Record<Lang, SandboxPageTexts> = {
  he: {
    title: 'דף תשלום לבדיקה',
    notice: 'זהו דף תשלום לבדיקה (sandbox): שום דבר לא מחויב.',
    amount: 'לתשלום',
    pay: 'תשלום',
    decline: 'כרטיס נדחה',
    cancel: 'ביטול',
    decided: (o) => (o === 'pay' ? 'התשלום בוצע.' : o === 'decline' ? 'הכרטיס נדחה.' : 'התשלום בוטל.'),
    receipt: 'קבלה (בדיקה)',
    orderNumber: 'מספר הזמנה',
    description: 'פירוט',
    beforeVat: 'לפני מע"מ',
    vat: (p) => `מע"מ ${p}%`,
    total: 'סה"כ',
    paidBy: 'אמצעי תשלום',
    refunded: 'הוחזר',
    notFound: 'דף התשלום לא נמצא.',
    closed: 'ההזמנה הזאת הוחלפה או נסגרה, ואי אפשר לשלם עליה. חזרו לאתר כדי להזמין שוב.',
  },
  en: {
    title: 'Test payment page',
    notice: 'This is a test payment page (sandbox): nothing is charged.',
    amount: 'To pay',
    pay: 'Pay',
    decline: 'Decline card',
    cancel: 'Cancel',
    decided: (o) => (o === 'pay' ? 'The payment was made.' : o === 'decline' ? 'The card was declined.' : 'The payment was cancelled.'),
    receipt: 'Receipt (test)',
    orderNumber: 'Order number',
    description: 'Description',
    beforeVat: 'Before VAT',
    vat: (p) => `VAT ${p}%`,
    total: 'Total',
    paidBy: 'Paid by',
    refunded: 'Refunded',
    notFound: 'Payment page not found.',
    closed: 'This order was replaced or closed and can no longer be paid. Go back to the site to order again.',
  },
  ru: {
    title: 'Тестовая страница оплаты',
    notice: 'Это тестовая страница оплаты (sandbox): деньги не списываются.',
    amount: 'К оплате',
    pay: 'Оплатить',
    decline: 'Карта отклонена',
    cancel: 'Отмена',
    decided: (o) => (o === 'pay' ? 'Оплата проведена.' : o === 'decline' ? 'Карта отклонена.' : 'Оплата отменена.'),
    receipt: 'Квитанция (тест)',
    orderNumber: 'Номер заказа',
    description: 'Описание',
    beforeVat: 'Без НДС',
    vat: (p) => `НДС ${p}%`,
    total: 'Итого',
    paidBy: 'Способ оплаты',
    refunded: 'Возвращено',
    notFound: 'Страница оплаты не найдена.',
    closed: 'Этот заказ заменён или закрыт, оплатить его нельзя. Вернитесь на сайт, чтобы заказать снова.',
  },
  ar: {
    title: 'صفحة دفع تجريبية',
    notice: 'هذه صفحة دفع تجريبية (sandbox): لا يُخصم أي مبلغ.',
    amount: 'للدفع',
    pay: 'ادفع',
    decline: 'رفض البطاقة',
    cancel: 'إلغاء',
    decided: (o) => (o === 'pay' ? 'تم الدفع.' : o === 'decline' ? 'رُفضت البطاقة.' : 'أُلغي الدفع.'),
    receipt: 'إيصال (تجريبي)',
    orderNumber: 'رقم الطلب',
    description: 'الوصف',
    beforeVat: 'قبل ضريبة القيمة المضافة',
    vat: (p) => `ضريبة القيمة المضافة ${p}%`,
    total: 'المجموع',
    paidBy: 'طريقة الدفع',
    refunded: 'المبلغ المسترد',
    notFound: 'لم يتم العثور على صفحة الدفع.',
    closed: 'استُبدل هذا الطلب أو أُغلق، ولا يمكن الدفع مقابله. عُد إلى الموقع للطلب من جديد.',
  },
};

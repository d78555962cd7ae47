/**
 * The accessibility statement (Equal Rights for Persons with Disabilities (Service Accessibility Adjustments)
 * Regulations 2013, regulation 35). Dates are ISO and shown in the reader's language; change them when the
 * statement or the manual check changes. Automated axe-core checks run on every release (e2e suites).
 */
export const ACCESSIBILITY_LAST_CHECKED = '2026-11';
export const ACCESSIBILITY_LAST_UPDATED = '2026-11-24';
/** How soon the coordinator answers a request (business days). */
export const ACCESSIBILITY_ANSWER_DAYS = 5;

/** One titled section: an optional paragraph and an optional list, texts under `accessibility.sections.<id>`. */
export interface StatementSection {
  id: string;
  body?: boolean;
  items?: readonly string[];
  /** Text after the list. */
  after?: boolean;
}

export const STATEMENT_SECTIONS: readonly StatementSection[] = [
  { id: 'standard', body: true },
  { id: 'done', body: true, items: ['keyboard', 'screenReaders', 'rtl', 'contrast', 'textResize', 'focus', 'forms', 'languages', 'automated'] },
  { id: 'checked', body: true },
  { id: 'limits', body: true, items: ['hostImages', 'hostMessages', 'payment', 'maps', 'exports'], after: true },
  { id: 'contact', body: true },
  { id: 'help', body: true, items: ['page', 'what', 'device', 'reach'], after: true },
];

/** Every translation key the statement reads. */
export const statementKeys = (): string[] => [
  'accessibility.title',
  'accessibility.intro',
  ...STATEMENT_SECTIONS.flatMap(({ id, body, items, after }) => {
    const key = `accessibility.sections.${id}`;
    return [
      `${key}.title`,
      ...(body ? [`${key}.body`] : []),
      ...(items ?? []).map((item) => `${key}.items.${item}`),
      ...(after ? [`${key}.after`] : []),
    ];
  }),
];

export type ContactLink = { kind: 'email' | 'phone'; text: string; href: string } | { kind: 'text'; text: string; href: null };

const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;
const PHONE = /^\+?[\d\s\-().]+$/;

/**
 * The coordinator's contact (ACCESSIBILITY_CONTACT, else the support e-mail) by its shape: an e-mail becomes a
 * mailto: link, a phone a tel: link (digits and a leading +), anything else (a name with a number) plain text.
 */
export const contactLinkOf = (contact: string): ContactLink => {
  const text = contact.trim();
  if (EMAIL.test(text)) return { kind: 'email', text, href: `mailto:${text}` };
  const digits = text.replace(/\D/g, '');
  if (PHONE.test(text) && digits.length >= 7 && digits.length <= 15) {
    return { kind: 'phone', text, href: `tel:${text.startsWith('+') ? '+' : ''}${digits}` };
  }
  return { kind: 'text', text, href: null };
};

/** "November 2026" in the reader's language (Latin digits, like the rest of the app). */
export const formatMonth = (isoMonth: string, lang: string): string => {
  const [year, month] = isoMonth.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }).format(Date.UTC(year, month - 1, 1));
};

/** "November 24, 2026" in the reader's language. */
export const formatDay = (isoDate: string, lang: string): string => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC', numberingSystem: 'latn' }).format(Date.UTC(year, month - 1, day));
};

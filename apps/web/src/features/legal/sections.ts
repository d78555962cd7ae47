/** The date both policies were last changed (ISO); shown in the reader's language. */
export const LEGAL_LAST_UPDATED = '2026-11-22';

export type LegalDoc = 'terms' | 'privacy';

/** One titled section: an optional paragraph (`body`) and an optional bullet list (`items`), texts under `legal.<doc>.sections.<id>`. */
export interface LegalSection {
  id: string;
  body?: boolean;
  items?: readonly string[];
}

/** Spec §1 "Terms summary". */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  { id: 'eligibility', items: ['israelOnly', 'adults', 'personalUse'] },
  { id: 'registration', body: true },
  { id: 'messaging', items: ['consent', 'spamLaw', 'responsibility'] },
  { id: 'rsvp', items: ['startDate', 'noCancellation', 'inWriting'] },
  { id: 'blocking', body: true },
  { id: 'disputes', body: true },
  { id: 'contact', body: true },
];

/** Spec §1 "Data handling (privacy text)". */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  { id: 'registration', body: true },
  { id: 'collected', body: true, items: ['guestPhones', 'eventDetails', 'requests', 'incompleteActions', 'deviceData'] },
  { id: 'googleContacts', body: true },
  { id: 'payments', items: ['noCardStorage', 'amountShared'] },
  { id: 'messagingProviders', body: true },
  { id: 'retention', body: true },
  { id: 'cookies', body: true },
  { id: 'contact', body: true },
];

/** Every translation key a policy page reads. */
export const legalKeys = (doc: LegalDoc, sections: readonly LegalSection[]): string[] => [
  `legal.${doc}.title`,
  `legal.${doc}.intro`,
  ...sections.flatMap(({ id, body, items }) => {
    const key = `legal.${doc}.sections.${id}`;
    return [`${key}.title`, ...(body ? [`${key}.body`] : []), ...(items ?? []).map((item) => `${key}.items.${item}`)];
  }),
];

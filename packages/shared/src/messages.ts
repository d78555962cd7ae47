/**
 * Validation messages travel as translation keys with optional values, encoded in one string so the
 * same zod schema can carry them to react-hook-form in the browser and to the API's error response:
 * `validation.minChars?num=4`. The web app decodes and translates them.
 */
export type MessageValues = Record<string, string | number>;

export const encodeMessage = (key: string, values?: MessageValues): string => {
  if (!values || Object.keys(values).length === 0) return key;
  const query = Object.entries(values).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return `${key}?${query.join('&')}`;
};

export const decodeMessage = (message: string): { key: string; values: MessageValues } => {
  const at = message.indexOf('?');
  if (at < 0) return { key: message, values: {} };
  return {
    key: message.slice(0, at),
    values: Object.fromEntries(
      message
        .slice(at + 1)
        .split('&')
        .filter(Boolean)
        .map((pair) => {
          const [k = '', v = ''] = pair.split('=');
          return [decodeURIComponent(k), decodeURIComponent(v)];
        }),
    ),
  };
};

export const MSG = {
  required: 'validation.required',
  numeric: 'validation.numeric',
  minChars: (num: number) => encodeMessage('validation.minChars', { num }),
  maxChars: (num: number) => encodeMessage('validation.maxChars', { num }),
  invalidEmail: 'validation.invalidEmail',
  weakPassword: 'validation.weakPassword',
  commonPassword: 'validation.commonPassword',
  passwordsMismatch: 'validation.passwordsMismatch',
  acceptTerms: 'validation.acceptTerms',
  mustBeAdult: 'validation.mustBeAdult',
  invalidValue: 'validation.invalidValue',
  /** A box on the checkout's confirmation step left unticked. */
  mustConfirm: 'validation.mustConfirm',
  invalidCharacters: 'validation.invalidCharacters',
  invalidPhone: 'validation.invalidPhone',
  invalidDate: 'validation.invalidDate',
  invalidTime: 'validation.invalidTime',
  eventDatePassed: 'validation.eventDatePassed',
  eventDateTooClose: (num: number) => encodeMessage('validation.eventDateTooClose', { num }),
  rsvpStartDatePassed: 'validation.rsvpStartDatePassed',
  rsvpStartAfterEvent: 'validation.rsvpStartAfterEvent',
  minMealOptions: (num: number) => encodeMessage('validation.minMealOptions', { num }),
  countOfInvitesRange: (min: number, max: number) => encodeMessage('validation.countOfInvitesRange', { min, max }),
  eventNameRequired: 'validation.eventNameRequired',
  defaultLangNotInLangs: 'validation.defaultLangNotInLangs',
  chooseLocation: 'validation.chooseLocation',
  transportOptionRequired: 'validation.transportOptionRequired',
  duplicateOption: 'validation.duplicateOption',
  respondersAboveInvitees: 'validation.respondersAboveInvitees',
  attendingRequired: 'validation.attendingRequired',
  mealsAboveAttending: 'validation.mealsAboveAttending',
  /** Issue 32: adults + children (or men + women) must be the people coming. */
  splitNotMatching: 'validation.splitNotMatching',
  /** Messaging (issue 18). `{name}` is a placeholder without braces, e.g. `link`. */
  templateNeedsPlaceholder: (name: string) => encodeMessage('validation.templateNeedsPlaceholder', { name }),
  templateUnknownPlaceholder: (name: string) => encodeMessage('validation.templateUnknownPlaceholder', { name }),
  /** WhatsApp's static template rules (issue 26 §8), each naming what breaks it. */
  templateTooLong: (max: number) => encodeMessage('validation.templateTooLong', { max }),
  templateVariableAtStart: (name: string) => encodeMessage('validation.templateVariableAtStart', { name }),
  templateVariableAtEnd: (name: string) => encodeMessage('validation.templateVariableAtEnd', { name }),
  templateVariablesSideBySide: (first: string, second: string) => encodeMessage('validation.templateVariablesSideBySide', { first, second }),
  templateManyLinks: 'validation.templateManyLinks',
  sendAtPassed: 'validation.sendAtPassed',
  roundsOutOfOrder: 'validation.roundsOutOfOrder',
  roundAfterEventDay: 'validation.roundAfterEventDay',
  thanksOutsideWindow: 'validation.thanksOutsideWindow',
  directionAfterEvent: 'validation.directionAfterEvent',
  /** Issue 32: the save-the-date goes before the RSVP start date and round 1. */
  saveTheDateAfterRsvpStart: 'validation.saveTheDateAfterRsvpStart',
  /** Expenses (issue 21): a paid amount above the row's total. */
  paidAboveTotal: 'validation.paidAboveTotal',
} as const;

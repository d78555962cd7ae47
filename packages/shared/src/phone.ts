import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Israeli mobiles (05x): messages and calls. */
const IL_MOBILE = /^\+9725\d{8}$/;
/** Israeli landlines (02, 03, 04, 08, 09) and 07x numbers: calls only (issue 27 §5). */
const IL_LANDLINE = /^\+972(?:[23489]\d{7}|7\d{8})$/;

/** A landline: never sent WhatsApp or SMS, reached by the call round only. */
export const isLandline = (e164: string): boolean => IL_LANDLINE.test(e164);

/**
 * Guests are reached by WhatsApp, SMS and voice calls. Numbers are Israeli unless they carry a country code
 * (+ or 00). Israeli numbers are mobiles (05x) or landlines (02–04, 08, 09, 07x: calls only); foreign numbers
 * must be valid for their country (the small metadata cannot tell mobile from fixed abroad, and hosts know
 * their guests). Returns E.164 (`+972501234567`) or null.
 */
export const normalizePhone = (input: string): string | null => {
  const cleaned = input.trim().replace(/[\s\-().\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
  if (!cleaned || cleaned.length > 20 || !/^\+?\d+$/.test(cleaned)) return null;
  const international = cleaned.startsWith('+') ? cleaned : cleaned.startsWith('00') ? `+${cleaned.slice(2)}` : null;
  const parsed = international
    ? parsePhoneNumberFromString(international)
    : // Israeli numbers typed without the leading 0 ("501234567") or with the country code but no + ("972501234567")
      parsePhoneNumberFromString(cleaned.startsWith('972') && cleaned.length === 12 ? `+${cleaned}` : cleaned, 'IL');
  if (!parsed || !parsed.isValid()) return null;
  const e164 = parsed.number;
  if (e164.startsWith('+972') && !IL_MOBILE.test(e164) && !IL_LANDLINE.test(e164)) return null;
  return e164;
};

export const isValidPhone = (input: string): boolean => normalizePhone(input) !== null;

/** For display: Israeli numbers in the local form (050-123-4567, 02-123-4567, 077-123-4567), others in international form. */
export const formatPhone = (e164: string): string => {
  if (IL_MOBILE.test(e164) || /^\+9727\d{8}$/.test(e164)) return `0${e164.slice(4, 6)}-${e164.slice(6, 9)}-${e164.slice(9)}`;
  if (IL_LANDLINE.test(e164)) return `0${e164.slice(4, 5)}-${e164.slice(5, 8)}-${e164.slice(8)}`;
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
};

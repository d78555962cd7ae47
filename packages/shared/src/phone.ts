import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Guests are reached by WhatsApp, SMS and voice calls on their mobile phones. Numbers are Israeli unless
 * they carry a country code (+ or 00). Israeli numbers must be mobile (05x); foreign numbers must be valid
 * for their country (the small metadata cannot tell mobile from fixed abroad, and hosts know their guests).
 * Returns E.164 (`+972501234567`) or null.
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
  if (e164.startsWith('+972') && !/^\+9725\d{8}$/.test(e164)) return null;
  return e164;
};

export const isValidPhone = (input: string): boolean => normalizePhone(input) !== null;

/** For display: Israeli numbers in the local form (050-123-4567), others in international form. */
export const formatPhone = (e164: string): string => {
  if (/^\+9725\d{8}$/.test(e164)) return `0${e164.slice(4, 6)}-${e164.slice(6, 9)}-${e164.slice(9)}`;
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
};

// Issue 21: the gift-link service (`GET gifts/{id}`, `POST gifts/register/{id}`).
import { z } from 'zod';
import { GIFT_FEE_PERCENT } from '../constants.js';
import { GIFT_ACCOUNT_STATUSES } from '../enums.js';
import { MSG } from '../messages.js';
import { emailSchema, fullNameSchema } from './auth.js';
import { phoneNumberSchema } from './guests.js';

export type GiftAccountState = (typeof GIFT_ACCOUNT_STATUSES)[number];

/**
 * An Israeli ID number (teudat zehut): up to 9 digits, left-padded with zeros, whose last digit checks the others
 * (digits weighted 1,2,1,2…, two-digit products summed as their digits; the total divides by 10).
 */
export const isValidIsraeliId = (input: string): boolean => {
  if (!/^\d{5,9}$/.test(input)) return false;
  const digits = input.padStart(9, '0');
  if (/^0+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(digits[i]) * ((i % 2) + 1);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
};

/** Spaces and dashes people type in long numbers are dropped before the check. */
const digitsText = (pattern: RegExp) =>
  z
    .string({ error: MSG.required })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, MSG.required).regex(pattern, MSG.invalidValue));

export const israeliIdSchema = z
  .string({ error: MSG.required })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, MSG.required).refine(isValidIsraeliId, MSG.invalidValue))
  .transform((value) => value.padStart(9, '0'));

export const giftBankAccountSchema = z.object({
  /** The bank's two-digit code (12 Hapoalim, 10 Leumi…). */
  bank: digitsText(/^\d{2}$/),
  branch: digitsText(/^\d{3}$/),
  account: digitsText(/^\d{1,9}$/),
});

/** What the host sends to register for the gift link (the payout goes to this bank account). */
export const giftRegistrationSchema = z.object({
  fullName: fullNameSchema,
  phone: phoneNumberSchema,
  email: emailSchema,
  idNumber: israeliIdSchema,
  bankAccount: giftBankAccountSchema,
});
export type GiftRegistrationInput = z.input<typeof giftRegistrationSchema>;
export type GiftRegistration = z.output<typeof giftRegistrationSchema>;

/** The registration as shown back: the ID number and the account keep their last digits only. */
export const maskedGiftRegistrationSchema = z.object({
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  idNumber: z.string(),
  bankAccount: z.object({ bank: z.string(), branch: z.string(), account: z.string() }),
});
export type MaskedGiftRegistration = z.infer<typeof maskedGiftRegistrationSchema>;

const MASK = '•';
/** `123456782` → `•••••••82`. */
export const maskDigits = (value: string, keep: number): string => MASK.repeat(Math.max(0, value.length - keep)) + value.slice(-keep);

export const maskGiftRegistration = (registration: GiftRegistration): MaskedGiftRegistration => ({
  fullName: registration.fullName,
  phone: registration.phone,
  email: registration.email,
  idNumber: maskDigits(registration.idNumber, 2),
  bankAccount: {
    bank: registration.bankAccount.bank,
    branch: registration.bankAccount.branch,
    account: maskDigits(registration.bankAccount.account, 3),
  },
});

export const giftAccountSchema = z.object({
  status: z.enum(GIFT_ACCOUNT_STATUSES),
  /** Why the provider refused (REJECTED). */
  reason: z.string().nullable(),
  /** The guests' gift link (APPROVED). */
  link: z.string().nullable(),
  feePercent: z.literal(GIFT_FEE_PERCENT),
  registration: maskedGiftRegistrationSchema.nullable(),
});
export type GiftAccountDto = z.infer<typeof giftAccountSchema>;

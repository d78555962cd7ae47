import { z } from 'zod';

/**
 * Issue 22: deleting one's own account (`DELETE user/account`). An account with a password confirms with it; one
 * that only signs in with Google types its e-mail instead (`confirmEmail`).
 */
export const deleteAccountSchema = z
  .object({ password: z.string().max(200).optional(), confirmEmail: z.string().max(320).optional() })
  .refine((body) => body.password !== undefined || body.confirmEmail !== undefined, { message: 'password or confirmEmail is required' });
export type DeleteAccountBody = z.infer<typeof deleteAccountSchema>;

/** `ACCOUNT_HAS_ACTIVE_EVENT`: the paid events not over yet that keep the account (the page names them). */
export const activeEventsSchema = z.object({ events: z.array(z.object({ id: z.string(), name: z.string(), date: z.string() })) });

import { z } from 'zod';

/** Readiness (`/api/health`): 200 when both answer, 503 with the same shape when one does not. */
export const healthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'down']), queue: z.enum(['ok', 'down']) });
/** Liveness (`/api/health/live`): the process answers. */
export const liveResponseSchema = z.object({ status: z.literal('ok') });

/** What the SPA needs to know about this deployment before sign-in. */
export const publicConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  supportEmail: z.string(),
  devMailbox: z.boolean(),
  /**
   * Importing Google contacts: 'google' with a client id (the browser asks Google for contacts.readonly),
   * 'sandbox' in development without one (sample contacts), null when off.
   */
  googleContacts: z.enum(['google', 'sandbox']).nullable(),
  /** The support chat widget's WhatsApp number (E.164, `+972…`); null: no widget. */
  supportWhatsappNumber: z.string().nullable(),
  /** The accessibility coordinator's contact (ACCESSIBILITY_CONTACT): an e-mail or phone; null: the support e-mail serves. */
  accessibilityContact: z.string().nullable(),
  /** The coordinator's name and phone (ACCESSIBILITY_CONTACT_NAME, _PHONE); null when not configured. */
  accessibilityContactName: z.string().nullable(),
  accessibilityContactPhone: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;
export const devMailboxResponseSchema = z.object({ messages: z.array(devMailSchema) });

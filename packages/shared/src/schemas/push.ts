// Issue 21: the mobile app's push token (`PATCH push-notifications/token`, spec §7).
import { z } from 'zod';
import { MSG } from '../messages.js';

/** Where the token comes from: the native apps (FCM for both) or a browser's web push through FCM. */
export const PUSH_PLATFORMS = ['ios', 'android', 'web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** FCM registration tokens are ~150–200 characters of [A-Za-z0-9_:-]; a little room for other shapes. */
export const PUSH_TOKEN_MAX_LENGTH = 4096;

export const pushTokenInputSchema = z.object({
  pushNotificationToken: z
    .string({ error: MSG.invalidValue })
    .trim()
    .min(16, { error: MSG.invalidValue })
    .max(PUSH_TOKEN_MAX_LENGTH, { error: MSG.invalidValue })
    .regex(/^[A-Za-z0-9_:.\-/+=]+$/, { error: MSG.invalidValue }),
  /** Spec §7 sends only the token: without it the platform is the request's `x-platform` header. */
  platform: z.enum(PUSH_PLATFORMS, { error: MSG.invalidValue }).optional(),
});
export type PushTokenInput = z.input<typeof pushTokenInputSchema>;

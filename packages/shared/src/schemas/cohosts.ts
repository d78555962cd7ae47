// Issue 21: co-hosts. The owner invites by e-mail (a single-use link); a co-host has every right but payment,
// deleting the event and managing co-hosts.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { emailSchema, langSchema, tokenSchema } from './auth.js';
import { eventNamesSchema } from './events.js';

/** How long an invitation link stays valid. */
export const COHOST_INVITATION_TTL_DAYS = 7;
/** Members (owner included) and open invitations of one event, together. */
export const MAX_COHOSTS_PER_EVENT = 10;

export const cohostInviteInputSchema = z.object({ email: emailSchema });
export type CohostInviteInput = z.input<typeof cohostInviteInputSchema>;

/** `DELETE event/{id}/cohosts/{userId}`: a member's user id, or an open invitation's id (revokes it). */
export const cohostParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), userId: z.uuid({ error: MSG.invalidValue }) });

export const cohostMemberSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(['owner', 'cohost']),
  joinedAt: z.string(),
});
export type CohostMember = z.infer<typeof cohostMemberSchema>;

export const cohostInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type CohostInvitation = z.infer<typeof cohostInvitationSchema>;

/** Any member reads it; only the owner sees the open invitations (a co-host gets an empty list). */
export const cohostListSchema = z.object({
  members: z.array(cohostMemberSchema),
  invitations: z.array(cohostInvitationSchema),
});
export type CohostList = z.infer<typeof cohostListSchema>;

export const cohostInvitationQuerySchema = z.object({ token: tokenSchema });

/** What the invitation page shows before the invitee signs in (public: the link is the key). */
export const cohostInvitationInfoSchema = z.object({
  eventNames: eventNamesSchema,
  defaultLang: langSchema,
  eventDate: z.string(),
  inviterName: z.string(),
  expiresAt: z.string(),
});
export type CohostInvitationInfo = z.infer<typeof cohostInvitationInfoSchema>;

export const cohostAcceptInputSchema = z.object({ token: tokenSchema });
export const cohostAcceptResponseSchema = z.object({ eventId: z.string() });
export type CohostAcceptResponse = z.infer<typeof cohostAcceptResponseSchema>;

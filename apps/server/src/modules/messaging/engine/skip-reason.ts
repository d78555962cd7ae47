import { isLandline, type MessageAction } from '@magiim/shared';
import type { GuestForSending } from './outbox.repository.js';

/** Why a frozen message must not go now that the guest is read again just before sending; null: send it. */
export const skipReasonOf = (
  action: MessageAction,
  guest: Pick<GuestForSending, 'status' | 'attending' | 'optedOut'> & Partial<Pick<GuestForSending, 'phoneNumber'>>,
): string | null => {
  if (guest.optedOut) return 'optedOut';
  if (guest.status === 'wrongNumber') return 'wrongNumber';
  if (action === 'saveTheDate') return guest.status === 'declined' ? 'notComing' : landlineReason(guest);
  if (action === 'direction' || action === 'thanks') return guest.status === 'approved' && (guest.attending ?? 1) > 0 ? landlineReason(guest) : 'notComing';
  return guest.status === 'inProgress' || guest.status === 'pending' ? landlineReason(guest) : 'answered';
};

/** A landline gets no WhatsApp and no SMS: the call round reaches it (premium). */
const landlineReason = (guest: Partial<Pick<GuestForSending, 'phoneNumber'>>): string | null =>
  guest.phoneNumber && isLandline(guest.phoneNumber) ? 'landline' : null;

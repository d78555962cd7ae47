import type { EventDto } from '@magiim/shared';

/**
 * What the caller may do on an event, by their role (the server decides; this only hides what it would refuse):
 * a co-host has every right but payment, deleting the event and managing co-hosts. An event not loaded yet
 * counts as the owner's, so an owner's tabs do not flicker.
 */
export const eventRightsOf = (role: EventDto['role'] | undefined) => {
  const owner = role !== 'cohost';
  return { canPay: owner, canDelete: owner, canManageCohosts: owner };
};

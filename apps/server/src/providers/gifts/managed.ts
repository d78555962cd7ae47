import type { GiftLinkProvider } from './index.js';

/**
 * The administration reviews each registration with the card provider by hand: it gets an e-mail (without the ID
 * number or bank details: those stay sealed in the database) and records the decision with
 * `npm run admin -- gift approve|reject …`. The link is the one the provider gave, stored with the decision.
 */
export const createManagedGiftProvider = (options: { supportEmail: string }): GiftLinkProvider => ({
  name: 'managed',
  register: async ({ eventId, eventName, ref, masked, enqueueEmail }) => {
    const lines = [
      'A host registered for the gift link; review it with the card provider.',
      '',
      `Event: ${eventName} (${eventId})`,
      `Reference: ${ref}`,
      `Name: ${masked.fullName}`,
      `Phone: ${masked.phone}`,
      `E-mail: ${masked.email}`,
      '',
      'The ID number and bank details are sealed in the database (gift_accounts).',
      `Approve: npm run admin -- gift approve ${eventId} <link>`,
      `Reject:  npm run admin -- gift reject ${eventId} <reason>`,
    ];
    const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    await enqueueEmail({
      to: options.supportEmail,
      subject: `Gift link registration: ${eventId}`,
      text: lines.join('\n'),
      html: `<pre>${lines.map(escape).join('\n')}</pre>`,
    });
    return { reviewAfterSeconds: null };
  },
  status: async () => ({ state: 'pending' }),
  link: () => {
    throw new Error('the managed provider keeps no links: the administration records them with the decision');
  },
});

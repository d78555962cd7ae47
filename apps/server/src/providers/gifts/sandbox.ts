import type { GiftLinkProvider } from './index.js';

/**
 * Approves every registration once `reviewSeconds` have passed since it was made; the link points to our own dev
 * page, so nobody mistakes it for a real payment page.
 */
export const createSandboxGiftProvider = (options: { appUrl: string; reviewSeconds: number; now?: () => Date }): GiftLinkProvider => {
  const now = options.now ?? (() => new Date());
  const link = (ref: string) => `${options.appUrl}/dev/gift/${encodeURIComponent(ref)}`;
  return {
    name: 'sandbox',
    register: async () => ({ reviewAfterSeconds: options.reviewSeconds }),
    status: async (ref, registeredAt) =>
      now().getTime() - registeredAt.getTime() >= options.reviewSeconds * 1000 ? { state: 'approved', link: link(ref) } : { state: 'pending' },
    link,
  };
};

/**
 * Typed hooks for work that crosses layers upward (docs/architecture.md, "Layers"). A lower module (events, the
 * guest page) calls a hook; the higher module that does the work (messaging, calls) subscribes when the app context
 * is built (`subscribeMessagingHooks` in app-context.ts), so the lower module never imports it. Handlers run in the
 * order they subscribed, awaited one after the other; a handler's error reaches the caller as if it had called the
 * work itself. A required hook with no subscriber fails loudly instead of skipping the work.
 */
/** Issue 32: a gift-link payment the provider approved (amount in agorot; the payer as the provider reports them). */
export interface GiftLinkPayment {
  eventId: string;
  /** The provider's payment reference: one payment is added to the ledger once. */
  paymentRef: string;
  amount: number;
  payerName?: string;
  payerPhone?: string;
}

export interface HookSpec {
  /** A new event: its default message timing. */
  eventCreated: { args: [eventId: string]; result: void };
  /** The event's date, time or RSVP start changed: actions the host did not move follow it. */
  eventScheduleChanged: { args: [eventId: string]; result: void };
  /** The host turned the call round on or off. */
  eventCallsPreferenceChanged: { args: [eventId: string, includeCalls: boolean]; result: void };
  /** The invitation image changed: WhatsApp reviews the invitation templates again. */
  eventImageChanged: { args: [eventId: string]; result: void };
  /** Before an event is deleted: each handler reads what it must and answers what to do once it is gone. */
  eventDeleting: { args: [eventId: string]; result: () => Promise<void> };
  /** "Stop messages for this event" on the guest's personal page (refuses an unknown link). */
  guestPageOptOut: { args: [token: string]; result: void };
  /** The scheduler's tick: due call rounds start (the calls engine sits above messaging). */
  callRoundsDue: { args: []; result: void };
  /** The host started the call round by hand ("start now" on the timing screen). */
  callRoundRequested: { args: [eventId: string]; result: void };
  /** Issue 32: the gifts module approved a gift-link payment; the gift ledger records it (once per payment). */
  giftLinkPaymentApproved: { args: [payment: GiftLinkPayment]; result: void };
}

type Handler<K extends keyof HookSpec> = (...args: HookSpec[K]['args']) => Promise<HookSpec[K]['result']>;

const REQUIRED: ReadonlySet<keyof HookSpec> = new Set(['guestPageOptOut', 'giftLinkPaymentApproved']);

export interface AppHooks {
  subscribe<K extends keyof HookSpec>(name: K, handler: Handler<K>): void;
  /** Runs every handler of the hook in order; answers their results. */
  emit<K extends keyof HookSpec>(name: K, ...args: HookSpec[K]['args']): Promise<HookSpec[K]['result'][]>;
}

export const createAppHooks = (): AppHooks => {
  const handlers = new Map<keyof HookSpec, Handler<keyof HookSpec>[]>();
  return {
    subscribe: (name, handler) => {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as unknown as Handler<keyof HookSpec>]);
    },
    emit: async (name, ...args) => {
      const list = (handlers.get(name) ?? []) as unknown as Handler<typeof name>[];
      if (list.length === 0 && REQUIRED.has(name)) throw new Error(`hook ${name} has no subscriber`);
      const results: HookSpec[typeof name]['result'][] = [];
      for (const handler of list) results.push(await handler(...args));
      return results;
    },
  };
};

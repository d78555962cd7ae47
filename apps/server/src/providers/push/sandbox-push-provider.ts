import type { PushMessage, PushProvider } from './index.js';

/** A token the sandbox treats as unregistered (FCM's 404 UNREGISTERED), so the dead-token path runs offline. */
export const SANDBOX_DEAD_TOKEN_PREFIX = 'sandbox-dead-';
const KEEP = 500;

export interface SandboxPushProvider extends PushProvider {
  readonly name: 'sandbox';
  /** The pushes accepted, oldest first (the last 500), kept in this process's memory for tests and development. */
  readonly sent: (PushMessage & { at: Date })[];
}

/** Records pushes instead of sending them. Nothing is logged here: the caller logs ids, never the token. */
export const createSandboxPushProvider = (): SandboxPushProvider => {
  const sent: (PushMessage & { at: Date })[] = [];
  return {
    name: 'sandbox',
    sent,
    send: async (message) => {
      if (message.token.startsWith(SANDBOX_DEAD_TOKEN_PREFIX)) return { ok: false, dead: true, reason: 'UNREGISTERED' };
      sent.push({ ...message, data: { ...message.data }, at: new Date() });
      if (sent.length > KEEP) sent.splice(0, sent.length - KEEP);
      return { ok: true, id: `sandbox-${sent.length}` };
    },
  };
};

export const isSandboxPushProvider = (provider: PushProvider): provider is SandboxPushProvider => provider.name === 'sandbox' && 'sent' in provider;

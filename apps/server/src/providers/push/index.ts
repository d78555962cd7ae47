/** Pushes to the mobile app (Firebase Cloud Messaging HTTP v1; the sandbox records). Helper P owns and may extend this port. */
export interface PushProvider {
  readonly name: 'sandbox' | 'fcm';
  /**
   * Sends one push to one device token. Resolves `{ok: true}` when accepted, `{ok: false, dead: true}` when the
   * token is gone (unregistered, or not a valid token): its row is dropped. Throws PushError for anything else
   * (unreachable, refused credentials, rate limited); the message never holds the token.
   */
  send(message: PushMessage): Promise<PushResult>;
}

export interface PushMessage {
  token: string;
  title: string;
  body: string;
  /** Ids for the app to open the right screen (strings only, as FCM requires). */
  data: Record<string, string>;
}

export type PushResult = { ok: true; id: string | null } | { ok: false; dead: true; reason: string };

export class PushError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'PushError';
    this.code = code;
  }
}

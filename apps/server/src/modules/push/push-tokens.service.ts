import { DEVICE_ID_MAX_LENGTH, DEVICE_ID_MIN_LENGTH, type PushPlatform } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { openPayload, payloadKeyFrom, sealPayload } from '../../platform/payload-crypto.js';
import { hashToken } from '../../platform/tokens.js';
import { deleteSessionPushTokens, upsertPushToken } from './push-tokens.repository.js';

/** The keyed hash that keeps one row per token (the token itself is only stored sealed). */
export const pushTokenHashOf = (ctx: AppContext, token: string): string => hashToken(`push:${token}`, ctx.config.secrets.tokenPepper);

/** Sealed with the payload key, bound to its hash: a sealed token copied onto another row does not open. */
const contextOf = (tokenHash: string) => `push-token:${tokenHash}`;
export const sealPushToken = (ctx: AppContext, token: string, tokenHash: string): string =>
  sealPayload(payloadKeyFrom(ctx.config.secrets.payloadKey), token, contextOf(tokenHash));
export const openPushToken = (ctx: AppContext, sealed: string, tokenHash: string): string =>
  openPayload<string>(payloadKeyFrom(ctx.config.secrets.payloadKey), sealed, contextOf(tokenHash));

/** The device: the app's `x-device-id` (keyed hash, as known devices keep it), else the session. */
const deviceKeyOf = (ctx: AppContext, deviceId: string | undefined, sessionId: string): string =>
  deviceId && deviceId.length >= DEVICE_ID_MIN_LENGTH && deviceId.length <= DEVICE_ID_MAX_LENGTH
    ? `device:${hashToken(`device:${deviceId}`, ctx.config.secrets.tokenPepper)}`
    : `session:${sessionId}`;

/** `PATCH push-notifications/token`: stores (or replaces, or moves here) the caller's device token. */
export const registerPushToken = async (
  ctx: AppContext,
  input: { userId: string; sessionId: string; deviceId: string | undefined; token: string; platform: PushPlatform },
): Promise<{ ok: true }> => {
  const tokenHash = pushTokenHashOf(ctx, input.token);
  await upsertPushToken(ctx.db, {
    userId: input.userId,
    sessionId: input.sessionId,
    deviceKey: deviceKeyOf(ctx, input.deviceId, input.sessionId),
    platform: input.platform,
    tokenSealed: sealPushToken(ctx, input.token, tokenHash),
    tokenHash,
  });
  return { ok: true };
};

/** Called at sign-out: the tokens this session registered are removed. */
export const removeSessionPushTokens = (ctx: AppContext, sessionId: string): Promise<void> => deleteSessionPushTokens(ctx.db, sessionId);

import { HOST_MARK_COOKIE } from '@magiim/shared';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../platform/env.js';

const YEAR_SECONDS = 365 * 86_400;

/**
 * The `Set-Cookie` that marks (or, with null, unmarks) this browser as a host's, so the guest pages count no
 * view when a host opens a guest's link. Set by the server so that scripts cannot read or change it (HttpOnly),
 * only over https when the site is (Secure), and sent on a guest link opened from WhatsApp (Lax, not Strict).
 */
export const hostMarkCookie = (config: Pick<Config, 'appUrl'>, userId: string | null): string =>
  [
    `${HOST_MARK_COOKIE}=${userId ?? ''}`,
    'Path=/',
    `Max-Age=${userId ? YEAR_SECONDS : 0}`,
    'HttpOnly',
    ...(config.appUrl.startsWith('https://') ? ['Secure'] : []),
    'SameSite=Lax',
  ].join('; ');

export const setHostMark = (reply: FastifyReply, config: Pick<Config, 'appUrl'>, userId: string | null): void => {
  reply.header('set-cookie', hostMarkCookie(config, userId));
};

import type { Platform } from '@magiim/shared';

/** Where a request comes from: kept with a session and used for per-IP limits. */
export interface ClientInfo {
  ip: string;
  platform: Platform;
  userAgent: string | null;
}

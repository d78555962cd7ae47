import { API, API_BASE } from '@magiim/shared';
import type { AppInstance } from '../app.js';
import type { Config } from './env.js';

const GOOGLE = 'https://accounts.google.com';

/**
 * The SPA's policy: no inline script and nothing from elsewhere, except Google Identity Services when Google
 * sign-in is on. Styles allow 'unsafe-inline' because MUI (emotion) injects its styles at run time.
 */
export const contentSecurityPolicy = (config: Pick<Config, 'googleClientId'>): string => {
  const google = config.googleClientId ? ` ${GOOGLE}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${google}`,
    `style-src 'self' 'unsafe-inline'${google}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${google}`,
    `frame-src ${config.googleClientId ? GOOGLE : "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
};

/** API answers that carry neither a token nor personal data, and may be cached by whoever wants to. */
const CACHEABLE_API = [API.health, API.config, '/docs'].map((path) => `${API_BASE}${path}`);

/** Powerful features the app never uses. (The Contact Picker of a later feature has no policy to block.) */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export const registerSecurityHeaders = (app: AppInstance, config: Config): void => {
  const csp = contentSecurityPolicy(config);
  const hsts = config.appUrl.startsWith('https://') ? 'max-age=31536000' : undefined;

  app.addHook('onSend', async (request, reply) => {
    // Links carry tokens in their paths (/reset-password/…): no page may leak them in a Referer, nor be framed.
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (hsts) reply.header('strict-transport-security', hsts);
    const type = String(reply.getHeader('content-type') ?? '');
    // Answers that are not pages (JSON, files) get the strictest policy: they are never meant to run anything.
    // A 304 carries no type, and the browser merges its headers into the cached page: it gets none, so a
    // revalidated index.html keeps the page's policy instead of the one that blocks every script.
    if (reply.statusCode !== 304) {
      reply.header('content-security-policy', type.startsWith('text/html') ? csp : "default-src 'none'; frame-ancestors 'none'");
    }
    const path = request.url.split('?', 1)[0]!;
    if ((path === API_BASE || path.startsWith(`${API_BASE}/`)) && !CACHEABLE_API.some((open) => path === open)) {
      reply.header('cache-control', 'no-store');
    }
  });
};

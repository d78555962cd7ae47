import { API, API_BASE } from '@magiim/shared';
import type { AppInstance } from '../app.js';
import type { Config } from './env.js';

const GOOGLE = 'https://accounts.google.com';

/**
 * The SPA's policy: no inline script and nothing from elsewhere, except Google Identity Services when Google
 * sign-in is on; frames only of our own pages (the invitation previews) and Google's. Styles allow 'unsafe-inline' because MUI (emotion) injects its styles at run time.
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
    // 'self': the host's invitation previews show the guest page (/preview/…) in a frame.
    `frame-src 'self'${google}`,
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

  // Set in one call from one object: this hook runs on every answer, so it stays synchronous and allocation-free.
  const always: Record<string, string> = {
    // Links carry tokens in their paths (/reset-password/…): no page may leak them in a Referer, nor be framed.
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'permissions-policy': PERMISSIONS_POLICY,
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
  const strict = "default-src 'none'; frame-ancestors 'none'";

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(always);
    // Answers that are not pages (JSON, files) get the strictest policy: they are never meant to run anything.
    // A 304 carries no type, and the browser merges its headers into the cached page: it gets none, so a
    // revalidated index.html keeps the page's policy instead of the one that blocks every script.
    if (reply.statusCode !== 304) {
      const type = reply.getHeader('content-type');
      reply.header('content-security-policy', typeof type === 'string' && type.startsWith('text/html') ? csp : strict);
    }
    const url = request.url;
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if ((path === API_BASE || path.startsWith(`${API_BASE}/`)) && !CACHEABLE_API.includes(path)) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
};

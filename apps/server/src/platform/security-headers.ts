import { API, API_BASE } from '@magiim/shared';
import type { AppInstance } from '../app.js';
import type { Config } from './env.js';

const GOOGLE = 'https://accounts.google.com';

/**
 * The SPA's policy: no inline script and nothing from elsewhere, except Google Identity Services when Google
 * sign-in is on, and OpenStreetMap's map tiles; frames only of our own pages (the invitation previews) and Google's. Styles allow 'unsafe-inline' because MUI (emotion) injects its styles at run time.
 */
export const contentSecurityPolicy = (config: Pick<Config, 'googleClientId'>): string => {
  const google = config.googleClientId ? ` ${GOOGLE}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${google}`,
    `style-src 'self' 'unsafe-inline'${google}`,
    // OpenStreetMap's tiles: the event wizard's venue map (issue 27 §6).
    "img-src 'self' data: blob: https://tile.openstreetmap.org",
    "media-src 'self' blob:",
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
  const hsts: Record<string, string> = config.appUrl.startsWith('https://') ? { 'strict-transport-security': 'max-age=31536000' } : {};
  const strict = "default-src 'none'; frame-ancestors 'none'";

  // Links carry tokens in their paths (/reset-password/…): no page may leak them in a Referer, nor be framed.
  const documentHeaders = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'permissions-policy': PERMISSIONS_POLICY,
    ...hsts,
  };
  // Each set is one object, written in one call: this hook runs on every answer.
  const pageHeaders = { ...documentHeaders, 'content-security-policy': contentSecurityPolicy(config) };
  // Files (scripts, images, an SVG opened on its own) are never meant to run anything: the strictest policy.
  const fileHeaders = { ...documentHeaders, 'content-security-policy': strict };
  // JSON is never a document, so a referrer or feature policy has nothing to apply to: the API set of the OWASP
  // REST cheat sheet (no sniffing, no framing, no content).
  const jsonHeaders = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'content-security-policy': strict, ...hsts };

  app.addHook('onSend', (request, reply, payload, done) => {
    // A 304 carries no type, and the browser merges its headers into the cached page: it gets no policy, so a
    // revalidated index.html keeps the page's policy instead of the one that blocks every script.
    if (reply.statusCode === 304) reply.headers(documentHeaders);
    else {
      const type = reply.getHeader('content-type');
      const kind = typeof type === 'string' ? type : '';
      reply.headers(kind.startsWith('application/json') ? jsonHeaders : kind.startsWith('text/html') ? pageHeaders : fileHeaders);
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

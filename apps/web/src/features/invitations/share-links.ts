/**
 * WhatsApp's click-to-chat link: with a phone it opens that person's chat, without one the app asks whom to
 * send to. wa.me takes the international number as digits only (no +, spaces or leading zeros).
 */
export const whatsAppShareUrl = (text: string, phoneE164?: string | null): string => {
  const digits = phoneE164 ? phoneE164.replace(/\D/g, '').replace(/^0+/, '') : '';
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
};

/** The link with `?lang=` set (replacing any earlier one), keeping its other parameters. */
export const withLang = (url: string, lang: string): string => {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const [path = '', query = ''] = beforeHash.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('lang', lang);
  return `${path}?${params.toString()}${hash}`;
};

/** A preview link is fetched again this long before it expires, so the frame never shows a dead link. */
export const PREVIEW_REFRESH_MARGIN_MS = 60_000;

/** Milliseconds until a fresh preview link should be fetched (0: now; a bad date counts as expired). */
export const msUntilRefresh = (expiresAt: string, now: number = Date.now()): number => {
  const expiry = Date.parse(expiresAt);
  if (Number.isNaN(expiry)) return 0;
  return Math.max(0, expiry - now - PREVIEW_REFRESH_MARGIN_MS);
};

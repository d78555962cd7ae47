/**
 * Where the WhatsApp support button shows, from the address alone (the widget sits above every route, so it
 * reads the path rather than route params). Hidden where it would be in the way or out of place: the
 * one-time sign-in hand-over, the invitation previews (the guest's page in a frame), checkout, and the guest
 * pages (server-rendered, they never load this app; listed anyway so the rule holds if that ever changes).
 */
const HIDDEN: readonly RegExp[] = [
  /^\/ott(\/|$)/,
  /^\/event\/[^/]+\/(invitation|navigate)(\/|$)/,
  /^\/pricing(\/|$)/,
  /^\/invite(\/|$)/,
  /^\/invite-assets(\/|$)/,
  /^\/navigate(\/|$)/,
];

const EVENT_PAGE = /^\/event\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/|$)/i;

export type SupportWidgetTarget = { visible: false } | { visible: true; eventId: string | null };

export const supportWidgetTarget = (pathname: string): SupportWidgetTarget => {
  if (HIDDEN.some((pattern) => pattern.test(pathname))) return { visible: false };
  return { visible: true, eventId: EVENT_PAGE.exec(pathname)?.[1]?.toLowerCase() ?? null };
};

/** The wa.me chat link: the number without its plus, the text prefilled. */
export const whatsappChatUrl = (number: string, text: string): string =>
  `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;

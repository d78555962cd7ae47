/**
 * The feature fragments the signed-in first screens (the event list, the event dashboard: their frames, menus and
 * cards) show texts from. Only these ship with those screens; the others load right after (vite.config.ts puts
 * them in one file of their own).
 */
export const FIRST_SCREEN_FEATURES = ['billing', 'call-round', 'cohosts', 'events', 'guests', 'invitations', 'messaging', 'notifications', 'statistics', 'tour'] as const;

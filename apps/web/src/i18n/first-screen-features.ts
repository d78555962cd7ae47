/**
 * The feature fragments each signed-in first screen (its frame, menus and cards) shows texts from. Only these ship
 * with that screen (vite.config.ts puts the fragments both use in the shared file, the others in the screen's own);
 * the rest load right after its content has painted, in one file of their own. `e2e/first-screen-budget.test.ts`
 * fails when a screen, painted with the others held back, shows a text key.
 */
export const FIRST_SCREEN_FEATURES = {
  eventList: ['billing', 'cohosts', 'events', 'notifications', 'tour'],
  dashboard: ['billing', 'call-round', 'cohosts', 'events', 'guests', 'invitations', 'messaging', 'notifications', 'statistics', 'tour'],
} as const;

export type FirstScreen = keyof typeof FIRST_SCREEN_FEATURES;

/**
 * The answer checks (zod schemas) of the API calls the first screens' modules make. zod and the schemas are
 * ~30 KB brotli and a lot of start-up work on a slow phone, so those modules name them through `lazySchema`
 * (app/api-client.ts) and this module loads on its own, once the first screen has painted or when a call needs it.
 */
export {
  eventListSchema,
  eventSchema,
  eventStatsSchema,
  nonRemovableLanguagesSchema,
  notificationsResponseSchema,
  okResponseSchema,
  placeSuggestionsSchema,
  profileResponseSchema,
  registerResponseSchema,
  verifyEmailResponseSchema,
} from '@magiim/shared';

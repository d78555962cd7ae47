/** Spec §9: business constants and limits. */
export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 20;
export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;
export const MIN_USER_AGE = 18;
export const INVITES_PER_INVITEE_MIN = 1;
export const INVITES_PER_INVITEE_MAX = 20;
export const MAX_GROUPS_PER_EVENT = 10;
export const RSVP_ROUNDS = 3;
export const RECOMMENDED_RSVP_START_DAYS_BEFORE_EVENT = 14;
export const GIFT_FEE_PERCENT = 3;
export const DATA_RETENTION_MONTHS = 6;
export const API_TIMEOUT_MS = 300_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const THOUSANDS_ABBREVIATION_FROM = 1000;
export const BUSINESS_TIME_ZONE = 'Asia/Jerusalem';

/** Local storage keys the web app and the mobile web view share (spec §3). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  userData: 'userData',
  userAbility: 'userAbility',
  lang: 'lang',
} as const;

/**
 * A cookie naming the signed-in host (their user id, not a credential): the guest pages count no view when a
 * host of the event opens a guest's link in the browser they manage the event from.
 */
export const HOST_MARK_COOKIE = 'magiim_host';

/** Account security. */
export const SESSION_TTL_DAYS = 30;
export const EMAIL_VERIFICATION_TTL_HOURS = 48;
export const PASSWORD_RESET_TTL_MINUTES = 60;
/**
 * Windows are sliding. Failed sign-ins count per account and per IP separately; the per-IP number is high because a
 * mobile carrier puts many people behind one address. After 5 account failures each further attempt waits
 * 2, 4, 8… seconds; at 10 the account locks for the window, except for devices that signed in to it before.
 */
export const RATE_LIMITS = {
  failedLoginsPerAccount: { max: 10, windowMinutes: 15, backoff: { after: 5, baseSeconds: 2 } },
  failedLoginsPerIp: { max: 100, windowMinutes: 15 },
  passwordResetsPerEmail: { max: 3, windowMinutes: 60 },
  registrationsPerIp: { max: 10, windowMinutes: 60 },
  verificationResendsPerUser: { max: 5, windowMinutes: 60 },
  emailChangesPerUser: { max: 5, windowMinutes: 60 },
  resetTokenChecksPerIp: { max: 30, windowMinutes: 15 },
  /** Each read calls Google's People API with the host's token: a few per import, not a loop. */
  googleContactReadsPerUser: { max: 20, windowMinutes: 15 },
  /** Guest files a host may upload (a check and a commit are two): each is read in a worker thread. */
  guestFileImportsPerUser: { max: 30, windowMinutes: 60 },
  /**
   * Guest files of one host being read at once. A slot is given back when the read ends; one left by a process
   * that died mid-import frees itself when its window passes.
   */
  guestFileImportsRunningPerUser: { max: 2, windowMinutes: 2 },
} as const;

/** Header carrying the client's kept random device id (16–100 characters); lets a known device in during a lock. */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_ID_MIN_LENGTH = 16;
export const DEVICE_ID_MAX_LENGTH = 100;

/** Events. An event must be at least this many days away when created or moved, so that a package can be
 *  ordered, templates approved and three RSVP rounds sent (spec §5 "not too close for ordering"). */
export const MIN_DAYS_BEFORE_EVENT_TO_ORDER = 3;
export const EVENT_NAME_MAX_LENGTH = 80;
export const LOCATION_NAME_MAX_LENGTH = 120;
export const TRANSPORT_OPTION_MAX_LENGTH = 60;
export const MAX_TRANSPORT_OPTIONS = 10;
/** Spec §5: at least 2 special meals must be chosen when asking. */
export const MIN_MEAL_OPTIONS_WHEN_ASKING = 2;
/** Invitation images: what is accepted and how big it may be before and after decoding. */
export const EVENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Pixels an upload may have, read from its header before any decode: the largest photos phones write (48 MP
 * iPhone 8064×6048, 50 MP Android 8160×6144) pass; 64–200 MP modes and decompression bombs do not.
 */
export const EVENT_IMAGE_MAX_PIXELS = 52_000_000;
export const EVENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

/** Guests. */
export const GUEST_COMMENTS_MAX_LENGTH = 500;
export const GROUP_NAME_MAX_LENGTH = 40;
export const GUEST_LIST_DEFAULT_PAGE_SIZE = 50;
export const GUEST_LIST_MAX_PAGE_SIZE = 200;
export const GUEST_SEARCH_MAX_LENGTH = 100;
/** One bulk action or one pasted block touches at most this many guests. */
export const GUEST_BULK_MAX = 10_000;
export const GUEST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const GUEST_IMPORT_MAX_ROWS = 10_000;
/** A guest list never grows beyond this (10,000-guest events are the benchmark; a spreadsheet may hold more). */
export const MAX_GUESTS_PER_EVENT = 20_000;
export const PLACE_QUERY_MAX_LENGTH = 100;

/** Invitation links: 128 random bits per token (22 URL-safe characters). */
export const INVITE_TOKEN_BYTES = 16;
export const ANSWER_COMMENTS_MAX_LENGTH = 500;
/** Unknown invitation tokens one IP may try before its further misses answer 429 (guests' own pages keep working). */
export const INVITE_MISSES_PER_IP = { max: 60, windowMinutes: 15 } as const;
/** Answers one invitation link may send (a guest changing their mind is fine; a script is not). */
export const ANSWERS_PER_TOKEN = { max: 30, windowMinutes: 60 } as const;
/** The host's invitation and navigation previews are reachable through a signed link this long. */
export const PREVIEW_LINK_MINUTES = 60;
/** Counts above this show with k (spec §9). */
export const COUNT_K_THRESHOLD = 999;
/** Distinct phones one address (an IPv6 /64) may answer for on public links; the same phone again does not count. */
export const PUBLIC_PHONES_PER_ADDRESS = { max: 10, windowMinutes: 60 } as const;
/** New guests a public link may add before the rest wait for the host (the host can raise it). */
export const PUBLIC_LINK_NEW_GUEST_BUDGET_DEFAULT = 50;
export const PUBLIC_LINK_NEW_GUEST_BUDGET_MAX = 5_000;
/** Public answers an event keeps waiting for the host; past this, further ones are dropped (the visitor sees the same). */
export const PUBLIC_ANSWERS_WAITING_MAX = 500;

/** An account about to be erased for inactivity is warned by e-mail this many days before (a sign-in keeps it). */
export const RETENTION_WARNING_DAYS = 30;

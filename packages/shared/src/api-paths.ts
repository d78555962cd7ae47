/**
 * API paths under `/api`. Spec §7 paths are a contract with the mobile app web view: keep them exactly.
 * Paths the spec does not show (login, registration, profile) are ours.
 */
export const API_BASE = '/api';
/** Prometheus metrics, outside `/api` (no platform header; `Authorization: Bearer METRICS_TOKEN`). */
export const METRICS_PATH = '/metrics';

export const API = {
  /** Readiness: the database and the job queue answer (503 when not). `health/live`: the process answers. */
  health: '/health',
  healthLive: '/health/live',
  /** Spec §7: the administration's users (GET `?q=&page=`, POST `{id, action, reason}`; GET one). Admins only. */
  apps: {
    users: '/apps/user/users',
    user: (id: string) => `/apps/user/users/${id}`,
  },
  /** Ours: the admin console's other lists and decisions (admins only). */
  admin: {
    events: '/admin/events',
    orders: '/admin/orders',
    coupons: '/admin/coupons',
    giftRequests: '/admin/gift-requests',
    giftDecision: (eventId: string) => `/admin/gift-requests/${eventId}`,
    templateReviews: '/admin/template-reviews',
    messageFailures: '/admin/message-failures',
    audit: '/admin/audit',
  },
  config: '/config',
  auth: {
    register: '/auth/register',
    login: '/auth/login',
    google: '/auth/google',
    logout: '/auth/logout',
    verifyEmail: '/auth/verifyEmail',
    resendVerificationEmail: (lang: string) => `/auth/resendVerificationEmail/${lang}`,
    sendPasswordReset: (lang: string) => `/auth/sendPasswordReset/${lang}`,
    resetPassword: '/auth/resetPassword',
    checkResetToken: '/auth/checkResetToken',
  },
  user: {
    me: '/user/me',
    profile: '/user/profile',
    password: '/user/password',
    /** The interface language the user last chose; e-mails and notifications follow it. */
    lang: '/user/lang',
    /** The guide tour flag (spec §2): on after creating an event, off when finished or skipped. */
    guideTour: '/user/guide-tour',
    /** Issue 22: all of the user's data as a zip (GET). */
    export: '/user/export',
    /** Issue 22: delete the account (DELETE `{password}` or `{confirmEmail}`). */
    account: '/user/account',
  },
  dev: { mailbox: '/dev/mailbox' },
  /** Spec §7 paths except those marked "ours". Route patterns use `:id`; the functions build a URL. */
  event: {
    newEvent: '/event/newEvent',
    editEvent: (id: string) => `/event/editEvent/${id}`,
    fetchEvents: '/event/fetchEvents',
    byId: (id: string) => `/event/${id}`,
    deleteImage: (id: string) => `/event/deleteImage/${id}`,
    nonRemovableLanguages: (id: string) => `/event/non-removable-languages/${id}`,
    updateInvitationDate: (id: string) => `/event/${id}/updateInvitationDate`,
    includeCallsPreference: (id: string) => `/event/includeCallsPreference/${id}`,
    setMessageSystemPreference: (id: string) => `/event/setMessageSystemPreference/${id}`,
    /** Ours: a new public link (the old one stops working). */
    rotatePublicLink: (id: string) => `/event/rotate-public-link/${id}`,
    /** Ours: short-lived signed links to the invitation and navigation pages as a guest sees them. */
    previewLinks: (id: string) => `/event/${id}/preview-links`,
    /** Ours: who may answer on the public link, its new-guest budget and what waits for the host (GET, PUT). */
    publicLink: (id: string) => `/event/${id}/public-link`,
  },
  invite: {
    personal: (guestId: string) => `/invite/${guestId}`,
    wrongNumber: (guestId: string) => `/invite/wrongNumber/${guestId}`,
    public: (token: string) => `/invite/public/${token}`,
  },
  stats: (id: string) => `/stats/${id}`,
  notifications: {
    list: '/notifications',
    /** Ours: marks every notification of the caller read. */
    read: '/notifications/read',
  },
  meals: { all: '/meals/all' },
  /** Spec §7 `messageTemplate/*` and `actionTiming/{id}`; the rest of messaging is ours. */
  messageTemplate: {
    get: (id: string) => `/messageTemplate/${id}`,
    edit: (id: string) => `/messageTemplate/edit/${id}`,
    delete: (id: string, lang: string) => `/messageTemplate/delete/${id}/${lang}`,
  },
  actionTiming: {
    get: (id: string) => `/actionTiming/${id}`,
    patch: (id: string) => `/actionTiming/${id}`,
    start: (id: string) => `/actionTiming/${id}/start`,
    pause: (id: string) => `/actionTiming/${id}/pause`,
  },
  messages: {
    guest: (id: string, guestId: string) => `/messages/guest/${id}/${guestId}`,
    funnel: (id: string) => `/messages/funnel/${id}`,
    /** Ours: what starting an action would send now (`?action=`). */
    preview: (id: string) => `/messages/preview/${id}`,
    /** Ours: again to those who did not read, or retry the failed (`{action, only}`). */
    resend: (id: string) => `/messages/resend/${id}`,
  },
  /** Spec §7 `voiceTemplate/*` and `text-to-speech/{id}`; the call report is ours. */
  voiceTemplate: {
    get: (id: string) => `/voiceTemplate/${id}`,
    edit: (id: string) => `/voiceTemplate/edit/${id}`,
  },
  textToSpeech: (id: string) => `/text-to-speech/${id}`,
  calls: {
    /** Ours: the call round per guest (`?offset=&limit=&result=`). */
    report: (id: string) => `/calls/report/${id}`,
  },
  /** Spec §7 `expenses/{id}` (GET, PUT) and `expense/export/{id}/{lang}`. */
  expenses: {
    list: (id: string) => `/expenses/${id}`,
    export: (id: string, lang: string) => `/expense/export/${id}/${lang}`,
  },
  /** Issue 31: seating (`seating/{id}`, tables, guest moves, auto-seat, export). */
  seating: {
    plan: (id: string) => `/seating/${id}`,
    tables: (id: string) => `/seating/${id}/tables`,
    table: (id: string, tableId: string) => `/seating/${id}/tables/${tableId}`,
    guest: (id: string, guestId: string) => `/seating/${id}/guests/${guestId}`,
    auto: (id: string) => `/seating/${id}/auto`,
    /** "Show tables to guests" (`{showTablesToGuests}`). */
    settings: (id: string) => `/seating/${id}/settings`,
    export: (id: string, lang: string) => `/seating/export/${id}/${lang}`,
  },
  /** Issue 31: check-in at the door (host, co-host, or an usher link in the `x-usher-token` header). */
  checkin: {
    context: (id: string) => `/checkin/${id}`,
    scan: (id: string) => `/checkin/${id}/scan`,
    search: (id: string) => `/checkin/${id}/search`,
    arrivals: (id: string) => `/checkin/${id}/arrivals`,
    arrival: (id: string, guestId: string) => `/checkin/${id}/arrivals/${guestId}`,
    walkIns: (id: string) => `/checkin/${id}/walk-ins`,
    summary: (id: string) => `/checkin/${id}/summary`,
    ushers: (id: string) => `/checkin/${id}/ushers`,
    usher: (id: string, usherId: string) => `/checkin/${id}/ushers/${usherId}`,
  },
  /** Ours: the gift-link service. */
  gifts: {
    get: (id: string) => `/gifts/${id}`,
    register: (id: string) => `/gifts/register/${id}`,
  },
  /** Issue 32: gifts received, recorded by the hosts (private to them). */
  giftLedger: {
    list: (id: string) => `/gift-ledger/${id}`,
    entries: (id: string) => `/gift-ledger/${id}/entries`,
    entry: (id: string, entryId: string) => `/gift-ledger/${id}/entries/${entryId}`,
    import: (id: string) => `/gift-ledger/import/${id}`,
    export: (id: string, lang: string) => `/gift-ledger/export/${id}/${lang}`,
  },
  /** Ours: the contact form of /FAQS-contact-us. */
  support: { contact: '/support/contact' },
  /** Spec §7 `push-notifications/token` (PATCH). */
  pushToken: '/push-notifications/token',
  /** Ours: co-hosts of an event (GET, POST {email}; DELETE one) and accepting an invitation's link. */
  cohosts: {
    list: (id: string) => `/event/${id}/cohosts`,
    one: (id: string, userId: string) => `/event/${id}/cohosts/${userId}`,
    accept: '/cohosts/accept',
    /** What an invitation link is for (`?token=`), shown before accepting. */
    invitation: '/cohosts/invitation',
  },
  /** Development only: the sandbox voice provider's calls, played step by step. */
  sandboxCalls: {
    list: '/dev/sandbox/calls',
    keys: (callId: string) => `/dev/sandbox/calls/${callId}/keys`,
    answer: (callId: string) => `/dev/sandbox/calls/${callId}/answer`,
    takeover: (callId: string) => `/dev/sandbox/calls/${callId}/takeover`,
    hangup: (callId: string) => `/dev/sandbox/calls/${callId}/hangup`,
  },
  /** Development only: a guest's reply to the sandbox channels. */
  sandboxReply: '/dev/sandbox/reply',
  /** Ours. */
  places: { suggest: '/places/suggest' },
  guests: {
    new: (id: string) => `/guests/new/${id}`,
    edit: (id: string, guestId: string) => `/guests/edit/${id}/${guestId}`,
    /** Ours from here on. */
    list: (id: string) => `/guests/list/${id}`,
    one: (id: string, guestId: string) => `/guests/${id}/${guestId}`,
    bulk: (id: string) => `/guests/bulk/${id}`,
    import: (id: string) => `/guests/import/${id}`,
    /** Pasted rows and picked contacts, checked like a file (`?commit=false|true`). */
    rows: (id: string) => `/guests/rows/${id}`,
    importTemplate: (lang: string) => `/guests/import-template/${lang}`,
    export: (id: string, lang: string) => `/guests/export/${id}/${lang}`,
    googleContacts: '/guests/google-contacts',
    /** Issue 32: the labels of the couple's two sides (GET, PUT). */
    sides: (id: string) => `/guests/sides/${id}`,
    /** Answers as they came, newest first (`?guestId=` for one guest, `?changedOnly=true`). */
    answers: (id: string) => `/guests/answers/${id}`,
    /** A new personal link (the old one stops working). */
    rotateLink: (id: string, guestId: string) => `/guests/rotate-link/${id}/${guestId}`,
    /** Public-link answers kept for the host (`?guestId=`, `?kind=guests|answers`); apply (or approve the new guest) or dismiss one. */
    publicAnswers: (id: string) => `/guests/public-answers/${id}`,
    applyPublicAnswer: (id: string, answerId: string) => `/guests/public-answers/apply/${id}/${answerId}`,
    dismissPublicAnswer: (id: string, answerId: string) => `/guests/public-answers/dismiss/${id}/${answerId}`,
  },
  /** Spec §7 `packages/{id}` (event id) and `orders`; the rest of checkout is ours. */
  packages: (id: string) => `/packages/${id}`,
  coupons: { check: '/coupons/check' },
  orders: {
    list: '/orders',
    create: (eventId: string) => `/orders/${eventId}`,
    one: (orderId: string) => `/orders/${orderId}`,
    cancel: (orderId: string) => `/orders/${orderId}/cancel`,
  },
  /** Ours: a one-time sign-in link (`POST auth/ott {next}` → `{url}`) and its redemption by the `/ott` screen. */
  ott: { create: '/auth/ott', redeem: '/auth/ott/redeem' },
  /** Ours: the payment provider's server callback (`:provider` is `sandbox` or `cardcom`). */
  paymentCallback: (provider: string) => `/payments/callback/${provider}`,
  /** Provider webhooks (no session, no platform header): Meta's handshake (GET) and signed events (POST). */
  webhooks: {
    whatsapp: '/webhooks/whatsapp',
    /** 019's push API posts forms here; the secret path segment is SMS_WEBHOOK_SECRET. */
    smsDlr: (secret: string) => `/webhooks/sms/${secret}/dlr`,
    smsInbound: (secret: string) => `/webhooks/sms/${secret}/inbound`,
    /** 019's blacklist push: a number removed on the recipient's request (opted out of every event that messaged it). */
    smsBlacklist: (secret: string) => `/webhooks/sms/${secret}/blacklist`,
    /** Twilio fetches the call's TwiML here (POST, signed) at each step; `:attemptId` is our call attempt. */
    voiceTwiml: (attemptId: string) => `/webhooks/voice/twilio/twiml/${attemptId}`,
    /** Twilio's status callback and asynchronous answering-machine result (POST, signed). */
    voiceStatus: (attemptId: string) => `/webhooks/voice/twilio/status/${attemptId}`,
    /** Our rendered audio for `<Play>` (GET, the key is an unguessable keyed hash of voice and text). */
    voiceAudio: (key: string) => `/webhooks/voice/audio/${key}`,
    /** Every webhook path starts with this (exempt from session and platform checks). */
    prefix: '/webhooks/',
  },
  groups: {
    fetch: (id: string) => `/groups/fetch/${id}`,
    new: (id: string) => `/groups/new/${id}`,
    one: (id: string, groupId: string) => `/groups/${id}/${groupId}`,
  },
} as const;

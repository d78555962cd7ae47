// The one barrel in the server: Drizzle needs every table of the schema in one object.
export * from './users.js';
export * from './sessions.js';
export * from './rate-limits.js';
export * from './known-devices.js';
export * from './dev-mailbox.js';
export * from './mail-deliveries.js';
export * from './events.js';
export * from './answers.js';
export * from './billing.js';
export * from './messaging.js';
export * from './whatsapp.js';
export * from './webhooks.js';
export * from './calls.js';
export * from './dashboard.js';
export * from './operations.js';
export * from './checkin.js';
export * from './gift-ledger.js';

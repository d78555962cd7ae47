// What other modules may use of notifications besides notifications.service.ts.
/** Rings the host's bell: adds one to the event's unread notification of a type, or starts one. */
export { bumpNotification } from './notifications.repository.js';

// What other modules may use of guests besides guests.service.ts (the rest of the module is private).
/** Locks the event's row for a change to its guest list (guest limit, names, languages). */
export { lockEvent } from './guests.repository.js';

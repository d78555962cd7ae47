// What other modules may use of check-in: the guest's code (their page, the direction message), the data export.
export { ensureCheckinCode, exportCheckin, noTables, type TableLookup } from './checkin.service.js';

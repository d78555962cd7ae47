// What other modules may use of the gift ledger.
export { ledgerExport as exportGiftLedger } from './gift-ledger.repository.js';

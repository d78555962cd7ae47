/**
 * `npm run bench:sms-parts`: the SMS parts of each default text per language, with a real event's values
 * (a 20-character guest name, a 40-character venue, APP_URL https://magiim.co.il; issue 27 §4).
 */
import { defaultTextParts } from '../apps/server/src/modules/messaging/templates/default-sms-parts.js';

const rows = defaultTextParts();
const pad = (text: string | number, width: number) => String(text).padEnd(width);
console.log(`${pad('text', 12)}${pad('lang', 6)}${pad('chars', 7)}${pad('parts', 7)}with reply line`);
for (const row of rows) console.log(`${pad(row.purpose, 12)}${pad(row.lang, 6)}${pad(row.units, 7)}${pad(row.parts, 7)}${row.partsWithReplyLine}`);
if (process.argv.includes('--texts')) for (const row of rows) console.log(`\n[${row.purpose} ${row.lang}]\n${row.text}`);

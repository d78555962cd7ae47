// Run by card-fonts.test.ts in a process whose fontconfig knows no fonts (a fresh machine): prints a digest of
// each text rendered in the card's faces. Missing glyphs would all be the same empty box.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { loadCardFonts } from './card-fonts.js';

await loadCardFonts();
const digests: Record<string, string> = {};
for (const [label, text, family] of [
  ['he1', 'אבג', 'Rubik'],
  ['he2', 'דהו', 'Rubik'],
  ['ru1', 'Жук', 'Rubik'],
  ['ru2', 'Лес', 'Rubik'],
  ['ar1', 'سلم', 'Noto Sans Arabic'],
  ['ar2', 'س ل م', 'Noto Sans Arabic'],
] as const) {
  const { data, info } = await sharp({ text: { text, font: `${family} Bold 40px`, dpi: 72 } }).raw().toBuffer({ resolveWithObject: true });
  digests[label] = `${info.width}x${info.height}:${createHash('sha256').update(data).digest('hex').slice(0, 16)}`;
}
process.stdout.write(JSON.stringify(digests));

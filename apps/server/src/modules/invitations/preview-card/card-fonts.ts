import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { woff2ToTtf } from './woff2.js';

/**
 * The web app's own faces (Rubik for Hebrew, Latin and Cyrillic; Noto Sans Arabic), taken from their npm packages
 * and handed to the image library as TrueType files it registers for this process. Nothing depends on the fonts
 * installed on the machine: a server with none renders the same card.
 */
const FACES = [
  '@fontsource-variable/rubik/files/rubik-hebrew-wght-normal.woff2',
  '@fontsource-variable/rubik/files/rubik-latin-wght-normal.woff2',
  '@fontsource-variable/rubik/files/rubik-latin-ext-wght-normal.woff2',
  '@fontsource-variable/rubik/files/rubik-cyrillic-wght-normal.woff2',
  '@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2',
];

let loaded: Promise<void> | undefined;

const load = async (): Promise<void> => {
  const require = createRequire(import.meta.url);
  const directory = mkdtempSync(path.join(tmpdir(), 'magiim-card-fonts-'));
  process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  for (const face of FACES) {
    const file = path.join(directory, path.basename(face).replace(/\.woff2$/, '.ttf'));
    writeFileSync(file, woff2ToTtf(readFileSync(require.resolve(face))), { mode: 0o600 });
    // A first text with `fontfile` registers the face for every later text of this process.
    await sharp({ text: { text: '.', fontfile: file } }).png().toBuffer();
  }
};

/** Decodes and registers the faces once per process. */
export const loadCardFonts = (): Promise<void> => {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
};

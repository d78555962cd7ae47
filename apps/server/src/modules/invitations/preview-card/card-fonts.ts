import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/**
 * The web app's own faces (Rubik for Hebrew, Latin and Cyrillic; Noto Sans Arabic), committed as TrueType files
 * (`fonts/`, copied beside the bundle by build.mjs) and handed to the image library, which registers them for this
 * process. Nothing depends on the fonts installed on the machine: a server with none renders the same card.
 */
const FACES = [
  'rubik-hebrew-wght-normal.ttf',
  'rubik-latin-wght-normal.ttf',
  'rubik-latin-ext-wght-normal.ttf',
  'rubik-cyrillic-wght-normal.ttf',
  'noto-sans-arabic-arabic-wght-normal.ttf',
];

/** `fonts/` beside this file when run from source, beside the bundle when built. */
const fontsDirectory = (): string => {
  const beside = fileURLToPath(new URL('./fonts/', import.meta.url));
  if (existsSync(beside)) return beside;
  throw new Error(`preview-card fonts not found in ${beside}`);
};

let loaded: Promise<void> | undefined;

const load = async (): Promise<void> => {
  const directory = fontsDirectory();
  for (const face of FACES) {
    // A first text with `fontfile` registers the face for every later text of this process.
    await sharp({ text: { text: '.', fontfile: `${directory}${face}` } }).png().toBuffer();
  }
};

/** Registers the faces once per process. */
export const loadCardFonts = (): Promise<void> => {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
};

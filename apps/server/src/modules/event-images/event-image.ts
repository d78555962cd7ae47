import { randomBytes } from 'node:crypto';
import type { default as SharpModule, Metadata, Sharp } from 'sharp';
import { EVENT_IMAGE_MAX_BYTES, EVENT_IMAGE_MAX_PIXELS } from '@magiim/shared';
import type { StoredEventImage } from '../../db/schema/events.js';
import { AppError } from '../../platform/errors.js';
import { runInThread, threadEntry } from '../../platform/threads.js';
import type { FileStorage } from '../../providers/storage/index.js';
import { oneDecodeAtATime } from './decode-queue.js';
import type { HeicPixels, HeicTask } from './heic-decode-thread.js';
import { detectImageKind } from './image-type.js';

/** Widths the pages ask for (phone, tablet, desktop); never upscaled. */
export const EVENT_IMAGE_WIDTHS = [480, 960, 1600] as const;
/** The link-preview image (WhatsApp, Telegram, Facebook show 1.91:1). */
export const OG_IMAGE = { key: 'og', width: 1200, height: 630 } as const;

/**
 * AV1-coded HEIF (AVIF) is decoded whole by libheif and dav1d at 13–17 bytes a pixel (measured: a 6000×6000
 * AVIF took 0.6 GB, a 48 MP one 0.8 GB), where JPEG and WebP shrink on load and PNG streams (a 48 MP JPEG
 * takes 25 MB). 24 MP (6000×4000) keeps one decode near 0.4 GB, so a 1 GB container running the server
 * survives the worst file. Cameras write JPEG or HEVC-coded HEIC, which keep the common limit.
 */
const AVIF_MAX_PIXELS = 24_000_000;

/** Renditions are cut from one decode scaled to this width (the widest rendition), never from the original again. */
const WORKING_WIDTH = Math.max(...EVENT_IMAGE_WIDTHS);

// sharp (libvips) is loaded with the first image, not at start-up: most processes never resize one.
let sharpLoaded: Promise<typeof SharpModule> | undefined;
const loadSharp = async () => {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache would keep decoded images after the request; one image is never decoded twice.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
};

const tooLarge = () => new AppError('IMAGE_TOO_LARGE', 'the image has too many pixels');
const invalid = () => new AppError('INVALID_IMAGE', 'not an image we can read');

const isPixelLimitError = (error: unknown) => /pixel limit/i.test(String((error as Error)?.message));

/** An image decoded once, upright and scaled down to the working width, as raw pixels. */
interface WorkingImage {
  pixels: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
  /** The upload's own size, upright. */
  width: number;
  height: number;
}

const toWorking = async (image: Sharp, width: number, height: number): Promise<WorkingImage> => {
  const { data, info } = await image
    .resize({ width: WORKING_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { pixels: data, raw: { width: info.width, height: info.height, channels: info.channels }, width, height };
};

/** A 48 MP HEIC is 195 MB of RGBA plus libheif's own frames; the WebAssembly memory is outside the V8 heap. */
const HEIC_THREAD_LIMITS = { resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 }, timeLimitMs: 30_000 };
const HEIC_THREAD = threadEntry(import.meta.url, 'heic-decode-thread');

/**
 * HEIC from iPhones is HEVC-coded, which sharp's prebuilt libvips cannot decode: libheif compiled to
 * WebAssembly (heic-decode) does it in a worker thread — its decode is synchronous and its memory never
 * shrinks, so on the main thread it would stall the event loop and keep the memory — after the dimensions
 * are checked, into raw pixels for sharp.
 */
const decodeHeic = async (file: Buffer): Promise<WorkingImage> => {
  const sharp = await loadSharp();
  const copy = new Uint8Array(file);
  let decoded: HeicPixels;
  try {
    decoded = (await runInThread(HEIC_THREAD, { file: copy, maxPixels: EVENT_IMAGE_MAX_PIXELS } satisfies HeicTask, {
      ...HEIC_THREAD_LIMITS,
      transfer: [copy.buffer],
    })) as HeicPixels;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw Object.assign(invalid(), { cause: error });
  }
  const { width, height, pixels } = decoded;
  return toWorking(sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 4 } }), width, height);
};

/**
 * Decodes an upload once, with its cost bounded before any pixel is decoded: the kind by content, the byte
 * size, then the pixel count from the header alone (sharp's limitInputPixels guards the decode as well).
 * The decode streams (shrink-on-load for JPEG and WebP) into one working copy at most WORKING_WIDTH wide.
 */
const decodeUpload = async (file: Buffer): Promise<WorkingImage> => {
  if (file.length > EVENT_IMAGE_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE', 'the file is too large');
  const kind = detectImageKind(file);
  if (!kind) throw invalid();
  const sharp = await loadSharp();
  let metadata: Metadata | undefined;
  try {
    metadata = await sharp(file, { limitInputPixels: EVENT_IMAGE_MAX_PIXELS, failOn: 'error' }).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw tooLarge();
    if (kind !== 'heif') throw invalid();
  }
  if (metadata?.width && metadata.height) {
    const maxPixels = metadata.format === 'heif' && metadata.compression === 'av1' ? AVIF_MAX_PIXELS : EVENT_IMAGE_MAX_PIXELS;
    if (metadata.width * metadata.height > maxPixels) throw tooLarge();
    const options = { limitInputPixels: maxPixels, failOn: 'error' as const, sequentialRead: true };
    // Oriented by its EXIF tag: a phone photo taken upright stays upright; the width check uses that orientation.
    const upright = (metadata.orientation ?? 1) >= 5;
    try {
      return await toWorking(sharp(file, options).rotate(), upright ? metadata.height : metadata.width, upright ? metadata.width : metadata.height);
    } catch (error) {
      if (isPixelLimitError(error)) throw tooLarge();
      // A HEIF sharp cannot decode (HEVC-coded HEIC) goes to libheif below; anything else is damaged.
      if (kind !== 'heif') throw invalid();
    }
  }
  if (kind !== 'heif') throw invalid();
  return decodeHeic(file);
};

const renditionsOf = async (storage: FileStorage, prefix: string, working: WorkingImage): Promise<Record<string, string>> => {
  const sharp = await loadSharp();
  const source = () => sharp(working.pixels, { raw: working.raw });
  const widths = EVENT_IMAGE_WIDTHS.filter((w, index) => index === 0 || w <= working.width);
  const sizes: Record<string, string> = {};
  for (const target of widths) {
    const key = `${prefix}/${target}.webp`;
    const data = await source().resize({ width: target, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await storage.put(key, data, 'image/webp');
    sizes[String(Math.min(target, working.width))] = key;
  }
  const key = `${prefix}/${OG_IMAGE.key}.jpg`;
  const og = await source()
    .resize({ width: OG_IMAGE.width, height: OG_IMAGE.height, fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  await storage.put(key, og, 'image/jpeg');
  sizes[OG_IMAGE.key] = key;
  return sizes;
};

/**
 * Turns an upload into the renditions the pages need — WebP at each width up to the original's and a
 * 1200×630 JPEG for link previews — with metadata (location, camera) stripped, and stores them under a new
 * version prefix. Throws INVALID_IMAGE (not an image, damaged) or IMAGE_TOO_LARGE (bytes or pixels), and
 * UNAVAILABLE when too many images already wait for their turn (one is decoded at a time per process).
 */
export const saveEventImage = async (storage: FileStorage, eventId: string, upload: Buffer): Promise<StoredEventImage> =>
  oneDecodeAtATime(async () => {
    const working = await decodeUpload(upload);
    const prefix = `events/${eventId.toLowerCase()}/${randomBytes(8).toString('hex')}`;
    try {
      const sizes = await renditionsOf(storage, prefix, working);
      return { prefix, sizes, width: working.width, height: working.height };
    } catch (error) {
      await storage.deletePrefix(prefix);
      if (error instanceof AppError) throw error;
      throw invalid();
    }
  });

export const deleteEventImage = async (storage: FileStorage, image: StoredEventImage): Promise<void> => {
  await storage.deletePrefix(image.prefix);
};

/** URLs the API answers: the largest rendition as imageUrl, the widths (for srcset) in imageSizes. */
export const eventImageUrls = (
  storage: FileStorage,
  image: StoredEventImage | null,
): { imageUrl: string | null; imageSizes: Record<string, string> | null } => {
  if (!image) return { imageUrl: null, imageSizes: null };
  const widths = Object.keys(image.sizes).filter((key) => /^\d+$/.test(key));
  const imageSizes = Object.fromEntries(widths.map((w) => [w, storage.urlFor(image.sizes[w]!)]));
  const largest = widths.map(Number).sort((a, b) => b - a)[0];
  return { imageUrl: largest === undefined ? null : (imageSizes[String(largest)] ?? null), imageSizes };
};

/** The link-preview image of an event (1200×630 JPEG), for Open Graph tags. */
export const eventOgImageUrl = (storage: FileStorage, image: StoredEventImage | null): string | null => {
  const key = image?.sizes[OG_IMAGE.key];
  return key ? storage.urlFor(key) : null;
};

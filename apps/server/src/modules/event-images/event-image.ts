import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Metadata, Sharp } from 'sharp';
import { EVENT_IMAGE_MAX_BYTES, EVENT_IMAGE_MAX_PIXELS } from '@magiim/shared';
import type { StoredEventImage } from '../../db/schema/events.js';
import { AppError } from '../../platform/errors.js';
import type { FileStorage } from '../../providers/storage/index.js';
import { detectImageKind } from './image-type.js';

/** Widths the pages ask for (phone, tablet, desktop); never upscaled. */
export const EVENT_IMAGE_WIDTHS = [480, 960, 1600] as const;
/** The link-preview image (WhatsApp, Telegram, Facebook show 1.91:1). */
export const OG_IMAGE = { key: 'og', width: 1200, height: 630 } as const;

interface HeifImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type HeicDecode = { all(input: { buffer: Buffer }): Promise<HeifImage[] & { dispose?: () => void }> };

// sharp (libvips) is loaded with the first image, not at start-up: most processes never resize one.
const loadSharp = async () => (await import('sharp')).default;

const tooLarge = () => new AppError('IMAGE_TOO_LARGE', 'the image has too many pixels');
const invalid = () => new AppError('INVALID_IMAGE', 'not an image we can read');

const isPixelLimitError = (error: unknown) => /pixel limit/i.test(String((error as Error)?.message));

/**
 * HEIC from iPhones is HEVC-coded, which sharp's prebuilt libvips cannot decode: libheif compiled to
 * WebAssembly (heic-decode) does it, after the dimensions are checked, into raw pixels for sharp.
 */
const decodeHeic = async (file: Buffer): Promise<Sharp> => {
  const sharp = await loadSharp();
  const heicDecode = createRequire(import.meta.url)('heic-decode') as HeicDecode;
  let images: Awaited<ReturnType<HeicDecode['all']>>;
  try {
    images = await heicDecode.all({ buffer: file });
  } catch {
    throw invalid();
  }
  try {
    const [first] = images;
    if (!first) throw invalid();
    if (first.width * first.height > EVENT_IMAGE_MAX_PIXELS) throw tooLarge();
    const { width, height, data } = await first.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose?.();
  }
};

/** Opens an upload for processing: checks its kind by content and its pixel count before decoding it. */
const openImage = async (file: Buffer): Promise<{ image: Sharp; width: number; height: number }> => {
  if (file.length > EVENT_IMAGE_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE', 'the file is too large');
  const kind = detectImageKind(file);
  const sharp = await loadSharp();
  if (!kind) throw invalid();
  const options = { limitInputPixels: EVENT_IMAGE_MAX_PIXELS, failOn: 'error' as const };
  let metadata: Metadata | undefined;
  try {
    metadata = await sharp(file, options).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw tooLarge();
    if (kind !== 'heif') throw invalid();
  }
  if (metadata?.width && metadata.height) {
    if (metadata.width * metadata.height > EVENT_IMAGE_MAX_PIXELS) throw tooLarge();
    // A HEIF sharp can read (AVIF-coded) goes the common way; HEVC-coded HEIC is decoded below.
    const readable = kind !== 'heif' || (await sharp(file, options).stats().then(() => true, () => false));
    if (readable) {
      // Oriented by its EXIF tag: a phone photo taken upright stays upright; the width check uses that orientation.
      const upright = (metadata.orientation ?? 1) >= 5;
      return {
        image: sharp(file, options).rotate(),
        width: upright ? metadata.height : metadata.width,
        height: upright ? metadata.width : metadata.height,
      };
    }
  }
  if (kind !== 'heif') throw invalid();
  const image = await decodeHeic(file);
  const decoded = await image.metadata();
  return { image, width: decoded.width ?? 0, height: decoded.height ?? 0 };
};

/**
 * Turns an upload into the renditions the pages need — WebP at each width up to the original's and a
 * 1200×630 JPEG for link previews — with metadata (location, camera) stripped, and stores them under a new
 * version prefix. Throws INVALID_IMAGE (not an image, damaged) or IMAGE_TOO_LARGE (bytes or pixels).
 */
export const saveEventImage = async (storage: FileStorage, eventId: string, upload: Buffer): Promise<StoredEventImage> => {
  const { image, width, height } = await openImage(upload);
  const prefix = `events/${eventId.toLowerCase()}/${randomBytes(8).toString('hex')}`;
  const widths = EVENT_IMAGE_WIDTHS.filter((w, index) => index === 0 || w <= width);
  const sizes: Record<string, string> = {};
  try {
    await Promise.all([
      ...widths.map(async (target) => {
        const key = `${prefix}/${target}.webp`;
        const data = await image.clone().resize({ width: target, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
        await storage.put(key, data, 'image/webp');
        sizes[String(Math.min(target, width))] = key;
      }),
      (async () => {
        const key = `${prefix}/${OG_IMAGE.key}.jpg`;
        const data = await image
          .clone()
          .resize({ width: OG_IMAGE.width, height: OG_IMAGE.height, fit: 'cover', position: 'attention' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer();
        await storage.put(key, data, 'image/jpeg');
        sizes[OG_IMAGE.key] = key;
      })(),
    ]);
  } catch (error) {
    await storage.deletePrefix(prefix);
    if (error instanceof AppError) throw error;
    if (isPixelLimitError(error)) throw tooLarge();
    throw invalid();
  }
  return { prefix, sizes, width, height };
};

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

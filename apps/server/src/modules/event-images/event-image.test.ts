import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../providers/storage/disk.js';
import { oneDecodeAtATime } from './decode-queue.js';
import { deleteEventImage, eventImageUrls, eventOgImageUrl, saveEventImage } from './event-image.js';
import { detectImageKind } from './image-type.js';

const EVENT_ID = '3f8a1c2e-1111-4222-8333-944455556666';
const storageIn = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'magiim-images-'));
  return { dir, storage: createDiskStorage(dir) };
};
const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 160 } } })
    .toFormat(format)
    .toBuffer();

/** A real 1×1 PNG whose header then claims 20000×20000: a decompression bomb in 70 bytes. */
const pixelBomb = async () => {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer());
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
};

/** A real 64×64 AVIF whose header (its `ispe` box) claims another size: refused or decoded by that size. */
const avifClaiming = async (width: number, height: number) => {
  const avif = Buffer.from(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a06' } }).avif({ effort: 0 }).toBuffer());
  const ispe = avif.indexOf('ispe', 0, 'latin1');
  avif.writeUInt32BE(width, ispe + 8);
  avif.writeUInt32BE(height, ispe + 12);
  return avif;
};

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

/** Runs `work`, sampling the process's RSS every 10 ms: the highest above the start, and the time taken. */
const whileWatchingMemory = async <T>(work: () => Promise<T>) => {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  const started = performance.now();
  let outcome: { value?: T; code?: string };
  try {
    outcome = { value: await work() };
  } catch (error) {
    outcome = { code: (error as { code?: string }).code };
  }
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  return { ...outcome, ms: performance.now() - started, extraRssMb: (peakRss - startRss) / 1024 / 1024 };
};

describe('event images', () => {
  it('tells image kinds by content', async () => {
    expect(detectImageKind(await photo(10, 10, 'jpeg'))).toBe('jpeg');
    expect(detectImageKind(await photo(10, 10, 'png'))).toBe('png');
    expect(detectImageKind(await photo(10, 10, 'webp'))).toBe('webp');
    const heicHeader = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(16)]);
    expect(detectImageKind(heicHeader)).toBe('heif');
    expect(detectImageKind(Buffer.from('GIF89a........................'))).toBeNull();
    expect(detectImageKind(Buffer.from('%PDF-1.7 ......................'))).toBeNull();
  });

  it('stores WebP renditions up to the original width and a 1200×630 link-preview JPEG, metadata stripped', async () => {
    const { storage } = storageIn();
    const upload = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#a06' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera' } } })
      .jpeg()
      .toBuffer();
    const image = await saveEventImage(storage, EVENT_ID, upload);
    expect(image).toMatchObject({ width: 2000, height: 1500 });
    expect(Object.keys(image.sizes).sort()).toEqual(['1600', '480', '960', 'og']);
    for (const width of [480, 960, 1600]) {
      const file = await storage.get(image.sizes[String(width)]!);
      const meta = await sharp(file!.data).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
      expect(file!.contentType).toBe('image/webp');
    }
    const og = await sharp((await storage.get(image.sizes.og!))!.data).metadata();
    expect(og).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const urls = eventImageUrls(storage, image);
    expect(urls.imageUrl).toBe(`/media/${image.sizes['1600']}`);
    expect(Object.keys(urls.imageSizes!).sort()).toEqual(['1600', '480', '960']);
    expect(eventOgImageUrl(storage, image)).toBe(`/media/${image.sizes.og}`);
  });

  it('never upscales a small image', async () => {
    const { storage } = storageIn();
    const image = await saveEventImage(storage, EVENT_ID, await photo(300, 200, 'png'));
    expect(Object.keys(image.sizes).sort()).toEqual(['300', 'og']);
    expect((await sharp((await storage.get(image.sizes['300']!))!.data).metadata()).width).toBe(300);
  });

  it('turns a phone photo upright by its EXIF orientation', async () => {
    const { storage } = storageIn();
    const sideways = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#333' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const image = await saveEventImage(storage, EVENT_ID, sideways);
    expect(image).toMatchObject({ width: 500, height: 1000 });
    expect((await sharp((await storage.get(image.sizes['480']!))!.data).metadata()).height).toBe(960);
  });

  it('refuses what is not an image, a damaged one, a pixel bomb and an oversized file', async () => {
    const { storage, dir } = storageIn();
    expect(await codeOf(saveEventImage(storage, EVENT_ID, Buffer.from('not an image at all, just text')))).toBe('INVALID_IMAGE');
    const truncated = (await photo(400, 400, 'png')).subarray(0, 120);
    expect(await codeOf(saveEventImage(storage, EVENT_ID, truncated))).toBe('INVALID_IMAGE');
    expect(await codeOf(saveEventImage(storage, EVENT_ID, await pixelBomb()))).toBe('IMAGE_TOO_LARGE');
    const huge = Buffer.concat([await photo(10, 10), Buffer.alloc(11 * 1024 * 1024)]);
    expect(await codeOf(saveEventImage(storage, EVENT_ID, huge))).toBe('IMAGE_TOO_LARGE');
    const fakeHeic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(200)]);
    expect(await codeOf(saveEventImage(storage, EVENT_ID, fakeHeic))).toBe('INVALID_IMAGE');
    // nothing was left behind by the refusals
    expect(() => statSync(path.join(dir, 'media', 'events'))).toThrow();
  });

  it('reads a HEIF container sharp can decode (AVIF-coded)', async () => {
    const { storage } = storageIn();
    const heif = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0a6' } }).heif({ compression: 'av1' }).toBuffer();
    expect(detectImageKind(heif)).toBe('heif');
    const image = await saveEventImage(storage, EVENT_ID, heif);
    expect(image).toMatchObject({ width: 640, height: 480 });
  });

  it('keeps a 48 MP phone photo (8064×6048)', { timeout: 30_000 }, async () => {
    const { storage } = storageIn();
    const image = await saveEventImage(storage, EVENT_ID, await photo(8064, 6048));
    expect(image).toMatchObject({ width: 8064, height: 6048 });
    expect(Object.keys(image.sizes).sort()).toEqual(['1600', '480', '960', 'og']);
  });

  it('refuses the 6000×6000 AVIF of a few hundred bytes from its header, before decoding it', { timeout: 60_000 }, async () => {
    const { storage } = storageIn();
    const avif = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#a06' } }).avif({ effort: 0 }).toBuffer();
    expect(avif.length).toBeLessThan(2_000);
    const refused = await whileWatchingMemory(() => saveEventImage(storage, EVENT_ID, avif));
    expect(refused.code).toBe('IMAGE_TOO_LARGE');
    // Decoded for each rendition and once more to test it, this took 15 s and 2.2 GB.
    expect(refused.ms).toBeLessThan(1_000);
    expect(refused.extraRssMb).toBeLessThan(100);
    // A header that lies about its size is refused by the size it claims.
    expect(await codeOf(saveEventImage(storage, EVENT_ID, await avifClaiming(5000, 5000)))).toBe('IMAGE_TOO_LARGE');
  });

  it('decodes a 23 MP AVIF once, in bounded memory', { timeout: 60_000 }, async () => {
    const { storage } = storageIn();
    const avif = await sharp({ create: { width: 4800, height: 4800, channels: 3, background: '#a06' } }).avif({ effort: 0 }).toBuffer();
    const saved = await whileWatchingMemory(() => saveEventImage(storage, EVENT_ID, avif));
    expect(saved.value).toMatchObject({ width: 4800, height: 4800 });
    // Four decodes side by side took 1.4 GB here; the one decode takes about 0.4 GB.
    expect(saved.extraRssMb).toBeLessThan(550);
  });

  it('waits for the one decode a process runs at a time, and answers UNAVAILABLE when too many wait', async () => {
    const { storage } = storageIn();
    let release = () => {};
    const busy = oneDecodeAtATime(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    const queued = saveEventImage(storage, EVENT_ID, await photo(800, 600));
    const others = Array.from({ length: 19 }, () => oneDecodeAtATime(async () => undefined));
    expect(await codeOf(saveEventImage(storage, EVENT_ID, await photo(800, 600)))).toBe('UNAVAILABLE');
    release();
    await Promise.all([busy, ...others]);
    expect(await queued).toMatchObject({ width: 800, height: 600 });
  });

  it('deletes every rendition of a version', async () => {
    const { storage } = storageIn();
    const image = await saveEventImage(storage, EVENT_ID, await photo(1000, 800));
    await deleteEventImage(storage, image);
    for (const key of Object.values(image.sizes)) expect(await storage.get(key)).toBeNull();
  });
});

import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../providers/storage/disk.js';
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

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
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

  it('deletes every rendition of a version', async () => {
    const { storage } = storageIn();
    const image = await saveEventImage(storage, EVENT_ID, await photo(1000, 800));
    await deleteEventImage(storage, image);
    for (const key of Object.values(image.sizes)) expect(await storage.get(key)).toBeNull();
  });
});

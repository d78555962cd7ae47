/**
 * Image formats an invitation may be uploaded in, told by their first bytes, never by name or header. The
 * server decides with it; the browser runs the same check when a file is picked, so a renamed text file is
 * refused at once instead of after the upload.
 */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heif';

/** How many leading bytes `detectImageKind` reads. */
export const IMAGE_KIND_HEAD_BYTES = 16;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

const latin1 = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end));

export const detectImageKind = (bytes: Uint8Array): ImageKind | null => {
  if (bytes.length < IMAGE_KIND_HEAD_BYTES) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'png';
  if (latin1(bytes, 0, 4) === 'RIFF' && latin1(bytes, 8, 12) === 'WEBP') return 'webp';
  if (latin1(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(latin1(bytes, 8, 12).replace(/\0/g, ' ').trim())) return 'heif';
  return null;
};

/** Image formats an invitation may be uploaded in, told by their first bytes, never by name or header. */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heif';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

export const detectImageKind = (file: Buffer): ImageKind | null => {
  if (file.length < 16) return null;
  if (file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return 'jpeg';
  if (file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (file.toString('latin1', 0, 4) === 'RIFF' && file.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (file.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(file.toString('latin1', 8, 12).replace(/\0/g, ' ').trim())) return 'heif';
  return null;
};

import yauzl from 'yauzl';
import { AppError } from '../../platform/errors.js';

/** What an honest guest list needs, with a wide margin: a 10,000-row sheet is about 2 MB unpacked. */
export const XLSX_LIMITS = {
  maxEntries: 500,
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  /** Spreadsheet XML packs about 10:1; a bomb packs thousands to one. Checked for entries above 1 MB. */
  maxCompressionRatio: 200,
} as const;

const REQUIRED_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];

/**
 * Checks that `file` is an xlsx package and safe to unpack before any parser touches it: a zip with the
 * workbook parts, not too many entries, no encryption, a bounded unpacked size and ratio — and it inflates
 * every entry once, counting, so sizes declared in the central directory cannot lie (yauzl refuses an entry
 * that inflates beyond its declared size). Throws INVALID_FILE_TYPE for anything that is not an xlsx and
 * INVALID_FILE for a damaged or dangerous one.
 */
export const checkXlsxPackage = async (file: Buffer): Promise<void> => {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, opened) =>
        error || !opened ? reject(error ?? new Error('no zip')) : resolve(opened),
      ),
    );
  } catch {
    throw new AppError('INVALID_FILE_TYPE', 'not an xlsx file');
  }
  if (zip.entryCount > XLSX_LIMITS.maxEntries) {
    zip.close();
    throw new AppError('INVALID_FILE', 'too many entries');
  }

  const names = new Set<string>();
  let declaredTotal = 0;
  let inflatedTotal = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: AppError) => {
      zip.close();
      reject(error);
    };
    zip.on('error', () => fail(new AppError('INVALID_FILE', 'damaged zip')));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      names.add(entry.fileName);
      if ((entry.generalPurposeBitFlag & 0x1) !== 0) return fail(new AppError('INVALID_FILE', 'encrypted entry'));
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > XLSX_LIMITS.maxTotalUncompressedBytes) return fail(new AppError('INVALID_FILE', 'unpacks too large'));
      if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > XLSX_LIMITS.maxCompressionRatio) {
        return fail(new AppError('INVALID_FILE', 'compression ratio too high'));
      }
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(new AppError('INVALID_FILE', 'unreadable entry'));
        stream.on('data', (chunk: Buffer) => {
          inflatedTotal += chunk.length;
          if (inflatedTotal > XLSX_LIMITS.maxTotalUncompressedBytes) {
            stream.destroy();
            fail(new AppError('INVALID_FILE', 'unpacks too large'));
          }
        });
        stream.on('error', () => fail(new AppError('INVALID_FILE', 'entry does not match its declared size')));
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
  if (!REQUIRED_PARTS.every((part) => names.has(part))) throw new AppError('INVALID_FILE_TYPE', 'a zip, but not a workbook');
};

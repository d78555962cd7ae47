import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface MultipartFile {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

export interface MultipartBody {
  /** Text parts by name (the event JSON arrives as the `data` part). */
  fields: Record<string, string>;
  /** The file parts by name. */
  files: Record<string, MultipartFile>;
}

/**
 * Reads a whole multipart body into memory, refusing a file over `maxFileBytes` with `tooLarge`
 * (413 PAYLOAD_TOO_LARGE unless the caller names a domain code) and anything that is not multipart with
 * UNSUPPORTED_MEDIA_TYPE. At most one file per name and a handful of parts (set in app.ts).
 */
export const readMultipart = async (
  request: FastifyRequest,
  options: { maxFileBytes: number; tooLarge?: 'PAYLOAD_TOO_LARGE' | 'IMAGE_TOO_LARGE' },
): Promise<MultipartBody> => {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'expected multipart/form-data');
  const body: MultipartBody = { fields: {}, files: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw new AppError(options.tooLarge ?? 'PAYLOAD_TOO_LARGE', 'file too large');
        body.files[part.fieldname] = { buffer, filename: part.filename, mimetype: part.mimetype };
      } else if (typeof part.value === 'string') {
        body.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(options.tooLarge ?? 'PAYLOAD_TOO_LARGE', 'file too large');
    if (code?.startsWith('FST_')) throw new AppError('BAD_REQUEST', 'malformed multipart body');
    throw error;
  }
  return body;
};

import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../app.js';
import { AppError } from './errors.js';

/** Routes read parts with readMultipart and set their own file size. */
const LIMITS = { files: 2, fields: 5, fieldSize: 256 * 1024, parts: 8, headerPairs: 50, fileSize: 10 * 1024 * 1024 };

/**
 * Defines the routes that take multipart bodies (event images, guest spreadsheets) in a scope of their own.
 * The plugin adds an async onRequest and onResponse hook (a promise and a 'close' listener per request, for
 * its disk mode, which we never use): scoped, every other request is spared them. Elsewhere a multipart body
 * is refused like any unknown type (UNSUPPORTED_MEDIA_TYPE).
 */
export const withMultipart = (app: AppInstance, routes: (scope: AppInstance) => void): void => {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: LIMITS });
    routes(scope.withTypeProvider<ZodTypeProvider>() as AppInstance);
  });
};

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
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(options.tooLarge ?? 'PAYLOAD_TOO_LARGE', 'file too large');
    // busboy's own refusals (no boundary, a JSON body under a multipart type, a cut-off part) carry no code:
    // whatever fails while parsing the body is the body's fault, never the server's.
    throw Object.assign(new AppError('BAD_REQUEST', 'malformed multipart body'), { cause: error });
  }
  return body;
};

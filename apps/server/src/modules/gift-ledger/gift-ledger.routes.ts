import { z } from 'zod';
import {
  API,
  eventIdParamsSchema,
  GIFT_IMPORT_MAX_BYTES,
  GIFT_IMPORT_MAX_ROWS,
  giftEntryInputSchema,
  giftEntryParamsSchema,
  giftImportQuerySchema,
  giftImportResultSchema,
  giftLedgerResponseSchema,
  LANGUAGES,
  MSG,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { readMultipart, withMultipart } from '../../platform/multipart.js';
import * as ledger from './gift-ledger.service.js';

const tags = ['gift-ledger'];
const ID = ':id';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportParamsSchema = eventIdParamsSchema.extend({ lang: z.enum(LANGUAGES, { error: MSG.invalidValue }) });
const encodeFilenameStar = (name: string): string =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const PRIVATE = 'Private to the event\'s owner and co-hosts (a stranger gets NOT_FOUND); never on a guest\'s page or in a message.';

export const registerGiftLedgerRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.giftLedger.list(ID),
    {
      preHandler,
      schema: {
        tags,
        description: `Issue 32: the gifts received (newest first, amounts in agorot), totals by method and by side, and the guests who came (attending > 0) with no gift recorded. ${PRIVATE}`,
        params: eventIdParamsSchema,
        response: { 200: giftLedgerResponseSchema },
      },
    },
    (request) => ledger.getLedger(ctx, userIdOf(request), request.params.id),
  );

  app.post(
    API.giftLedger.entries(ID),
    {
      preHandler,
      schema: {
        tags,
        description: `Records one gift of one guest of the event (amount in agorot, method, optional note). Answers the ledger. ${PRIVATE}`,
        params: eventIdParamsSchema,
        body: giftEntryInputSchema,
        response: { 200: giftLedgerResponseSchema },
      },
    },
    (request) => ledger.addEntry(ctx, userIdOf(request), request.params.id, request.body),
  );

  app.delete(
    API.giftLedger.entry(ID, ':entryId'),
    {
      preHandler,
      schema: { tags, description: `Deletes one gift. Answers the ledger. ${PRIVATE}`, params: giftEntryParamsSchema, response: { 200: giftLedgerResponseSchema } },
    },
    (request) => ledger.removeEntry(ctx, userIdOf(request), request.params.id, request.params.entryId),
  );

  withMultipart(app, (scope) => {
    scope.post(
      API.giftLedger.import(ID),
      {
        preHandler,
        schema: {
          tags,
          description:
            `Body: multipart/form-data with the part \`file\` (xlsx, at most ${GIFT_IMPORT_MAX_BYTES / 1024 / 1024} MB, ${GIFT_IMPORT_MAX_ROWS} rows): ` +
            'columns guest name or phone, amount in shekels, method, note (titles in any of the four languages). commit=false checks; ' +
            `commit=true also adds the good rows; a bad row is reported by row, column and code, and never added. ${PRIVATE}`,
          params: eventIdParamsSchema,
          querystring: giftImportQuerySchema,
          response: { 200: giftImportResultSchema },
        },
      },
      async (request) => {
        const body = await readMultipart(request, { maxFileBytes: GIFT_IMPORT_MAX_BYTES });
        const file = body.files.file;
        if (!file || file.buffer.length === 0) throw new AppError('VALIDATION', 'invalid input', [{ path: 'file', message: MSG.required }]);
        return ledger.importGifts(ctx, userIdOf(request), request.params.id, request.query.commit, file.buffer);
      },
    );
  });

  app.get(
    API.giftLedger.export(ID, ':lang'),
    {
      preHandler,
      schema: {
        tags,
        description: `The ledger as xlsx (${XLSX_TYPE}) in the language: name, phone, side, amount in ₪, method, note, and a totals row. ${PRIVATE}`,
        params: exportParamsSchema,
      },
    },
    async (request, reply) => {
      const download = await ledger.exportLedger(ctx, userIdOf(request), request.params.id, request.params.lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${download.asciiName}"; filename*=UTF-8''${encodeFilenameStar(download.displayName)}`)
        .send(download.file);
    },
  );
};

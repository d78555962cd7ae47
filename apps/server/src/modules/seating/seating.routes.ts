import { z } from 'zod';
import {
  API,
  eventIdParamsSchema,
  LANGUAGES,
  MSG,
  seatingGuestMoveSchema,
  seatingGuestParamsSchema,
  seatingSettingsSchema,
  seatingTableCreateSchema,
  seatingTableParamsSchema,
  seatingTableUpdateSchema,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import * as seating from './seating.service.js';
import { exportSeatingSheet } from './seating-export.service.js';

const tags = ['seating'];
const ID = ':id';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportParamsSchema = eventIdParamsSchema.extend({ lang: z.enum(LANGUAGES, { error: MSG.invalidValue }) });

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves but the syntax forbids. */
const encodeFilenameStar = (name: string): string =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const registerSeatingRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.seating.plan(ID),
    { preHandler, schema: { tags, description: 'The seating plan: tables with seats taken, every guest\'s table and seats, seats unseated (owner and co-hosts).', params: eventIdParamsSchema } },
    (request) => seating.getPlan(ctx, userIdOf(request), request.params.id),
  );
  app.post(
    API.seating.tables(ID),
    { preHandler, schema: { tags, description: 'Adds a table (number unique per event, capacity 1–30). Answers the plan.', params: eventIdParamsSchema, body: seatingTableCreateSchema } },
    (request) => seating.createTable(ctx, userIdOf(request), request.params.id, request.body),
  );
  app.put(
    API.seating.table(ID, ':tableId'),
    {
      preHandler,
      schema: { tags, description: 'Edits or moves a table; a capacity below the seats taken is TABLE_FULL (409). Answers the plan.', params: seatingTableParamsSchema, body: seatingTableUpdateSchema },
    },
    (request) => seating.editTable(ctx, userIdOf(request), request.params.id, request.params.tableId, request.body),
  );
  app.delete(
    API.seating.table(ID, ':tableId'),
    { preHandler, schema: { tags, description: 'Deletes a table; its guests become unseated. Answers the plan.', params: seatingTableParamsSchema } },
    (request) => seating.removeTable(ctx, userIdOf(request), request.params.id, request.params.tableId),
  );
  app.put(
    API.seating.guest(ID, ':guestId'),
    {
      preHandler,
      schema: { tags, description: 'Seats a guest at a table, or unseats with null; TABLE_FULL (409) past the capacity, decided under the table\'s lock.', params: seatingGuestParamsSchema, body: seatingGuestMoveSchema },
    },
    (request) => seating.moveGuest(ctx, userIdOf(request), request.params.id, request.params.guestId, request.body.tableId),
  );
  app.put(
    API.seating.settings(ID),
    { preHandler, schema: { tags, description: '"Show tables to guests": the guest\'s page shows their table (owner and co-hosts).', params: eventIdParamsSchema, body: seatingSettingsSchema } },
    (request) => seating.updateSettings(ctx, userIdOf(request), request.params.id, request.body),
  );
  app.post(
    API.seating.auto(ID),
    { preHandler, schema: { tags, description: 'Seats the unseated coming guests, groups together where they fit, tables in number order, never above capacity; answers who could not be seated.', params: eventIdParamsSchema } },
    (request) => seating.autoSeat(ctx, userIdOf(request), request.params.id),
  );
  app.get(
    API.seating.export(ID, ':lang'),
    {
      preHandler,
      schema: {
        tags,
        description: `The hall's table list as xlsx (${XLSX_TYPE}): one row per seated guest by table number (table, name, guest, people, special meals, group) and the people per table; titles in the language, right-to-left for he and ar (owner and co-hosts).`,
        params: exportParamsSchema,
      },
    },
    async (request, reply) => {
      const download = await exportSeatingSheet(ctx, userIdOf(request), request.params.id, request.params.lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${download.asciiName}"; filename*=UTF-8''${encodeFilenameStar(download.displayName)}`)
        .send(download.file);
    },
  );
};

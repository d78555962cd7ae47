import {
  API,
  eventIdParamsSchema,
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

const tags = ['seating'];
const ID = ':id';

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
};

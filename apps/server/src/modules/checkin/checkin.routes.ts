import {
  API,
  checkinArrivalParamsSchema,
  checkinArrivalSchema,
  checkinContextSchema,
  checkinGuestSchema,
  checkinScanSchema,
  checkinSearchQuerySchema,
  checkinSearchResponseSchema,
  checkinSummarySchema,
  checkinUsherLinkSchema,
  checkinUsherListSchema,
  checkinUsherParamsSchema,
  checkinWalkInSchema,
  eventIdParamsSchema,
  USHER_TOKEN_HEADER,
} from '@magiim/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import * as checkin from './checkin.service.js';

const tags = ['checkin'];
const ID = ':id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const okSchema = z.object({ ok: z.literal(true) });

const DOOR = `Any host of the event (owner or co-host, bearer session) or a live usher link of this event (its token in \`${USHER_TOKEN_HEADER}\`; ` +
  'revoked, expired or another event\'s link: INVALID_TOKEN). A stranger gets NOT_FOUND. Guests are shown without phones or answers.';

export interface CheckinRouteOptions {
  /** The seating module's table of each guest; none until the coordinator wires `modules/seating/public.ts`. */
  lookupTables?: checkin.TableLookup;
}

export const registerCheckinRoutes = (app: AppInstance, options: CheckinRouteOptions = {}) => {
  const { ctx } = app;
  const deps: checkin.CheckinDeps = { lookupTables: options.lookupTables ?? checkin.noTables };
  const preHandler = requireAuth(ctx);
  const hostAuth = requireAuth(ctx);
  const callers = new WeakMap<FastifyRequest, checkin.CheckinCaller>();

  /** Decides who stands at the door before the body is read (onRequest), like the host routes' guards. */
  const door = async (request: FastifyRequest, reply: FastifyReply) => {
    const eventId = (request.params as { id?: string }).id;
    if (!eventId || !UUID.test(eventId)) throw new AppError('NOT_FOUND', 'event not found');
    const usherToken = request.headers[USHER_TOKEN_HEADER];
    if (typeof usherToken === 'string' && usherToken.length > 0) {
      if (usherToken.length > 200) throw new AppError('INVALID_TOKEN');
      callers.set(request, await checkin.resolveUsher(ctx, eventId, usherToken));
      return;
    }
    await hostAuth(request, reply);
    callers.set(request, await checkin.resolveHost(ctx, eventId, authOf(request).user.id));
  };
  const callerOf = (request: FastifyRequest): checkin.CheckinCaller => {
    const caller = callers.get(request);
    if (!caller) throw new AppError('UNAUTHORIZED');
    return caller;
  };

  app.get(
    API.checkin.context(ID),
    { onRequest: door, schema: { tags, description: `Who opened the check-in screen and the event's name. ${DOOR}`, params: eventIdParamsSchema, response: { 200: checkinContextSchema } } },
    (request) => checkin.getContext(ctx, callerOf(request), request.params.id),
  );

  app.post(
    API.checkin.scan(ID),
    {
      onRequest: door,
      schema: {
        tags,
        description: `A scanned check-in code → the guest, people expected, table, whether already arrived. A code of no guest of this event: NOT_FOUND. ${DOOR}`,
        params: eventIdParamsSchema,
        body: checkinScanSchema,
        response: { 200: checkinGuestSchema },
      },
    },
    (request) => checkin.scan(ctx, deps, request.params.id, request.body.code),
  );

  app.get(
    API.checkin.search(ID),
    {
      onRequest: door,
      schema: {
        tags,
        description: `Guests by name (any part); a host may also search by phone digits. At most 30. ${DOOR}`,
        params: eventIdParamsSchema,
        querystring: checkinSearchQuerySchema,
        response: { 200: checkinSearchResponseSchema },
      },
    },
    (request) => checkin.search(ctx, deps, callerOf(request), request.params.id, request.query.q),
  );

  app.post(
    API.checkin.arrivals(ID),
    {
      onRequest: door,
      schema: {
        tags,
        description: `Records the guest's arrival with the people who came; idempotent per guest: the last count stands. ${DOOR}`,
        params: eventIdParamsSchema,
        body: checkinArrivalSchema,
        response: { 200: checkinGuestSchema },
      },
    },
    (request) => checkin.recordArrival(ctx, deps, request.params.id, request.body.guestId, request.body.people),
  );

  app.delete(
    API.checkin.arrival(ID, ':guestId'),
    {
      onRequest: door,
      schema: { tags, description: `Undoes the guest's arrival (idempotent). ${DOOR}`, params: checkinArrivalParamsSchema, response: { 200: checkinGuestSchema } },
    },
    (request) => checkin.undoArrival(ctx, deps, request.params.id, request.params.guestId),
  );

  app.post(
    API.checkin.walkIns(ID),
    {
      onRequest: door,
      schema: {
        tags,
        description: `A walk-in: adds a coming guest at the door and records the arrival; a phone the event already has checks that guest in. A new guest takes a place in the package like any other: a full list answers 409 INVITEE_LIMIT_REACHED. ${DOOR}`,
        params: eventIdParamsSchema,
        body: checkinWalkInSchema,
        response: { 200: checkinGuestSchema },
      },
    },
    (request) => checkin.addWalkIn(ctx, deps, request.params.id, request.body),
  );

  app.get(
    API.checkin.summary(ID),
    {
      onRequest: door,
      schema: { tags, description: `People expected (coming guests) and arrived, in all and by table. ${DOOR}`, params: eventIdParamsSchema, response: { 200: checkinSummarySchema } },
    },
    (request) => checkin.summarize(ctx, deps, request.params.id),
  );

  app.post(
    API.checkin.ushers(ID),
    {
      preHandler,
      schema: {
        tags,
        description: 'The owner makes an usher link: it opens only this event\'s check-in screen, until revoked or the end of the day after the event (Asia/Jerusalem).',
        params: eventIdParamsSchema,
        response: { 200: checkinUsherLinkSchema },
      },
    },
    (request) => checkin.createUsherLink(ctx, authOf(request).user.id, request.params.id),
  );

  app.get(
    API.checkin.ushers(ID),
    { preHandler, schema: { tags, description: 'The event\'s usher links (owner only); their URLs are not shown again.', params: eventIdParamsSchema, response: { 200: checkinUsherListSchema } } },
    (request) => checkin.listUsherLinks(ctx, authOf(request).user.id, request.params.id),
  );

  app.delete(
    API.checkin.usher(ID, ':usherId'),
    { preHandler, schema: { tags, description: 'Revokes an usher link (owner only).', params: checkinUsherParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await checkin.revokeUsherLink(ctx, authOf(request).user.id, request.params.id, request.params.usherId);
      return { ok: true as const };
    },
  );
};

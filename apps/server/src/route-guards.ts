import type { FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { AppContext } from './platform/context.js';
import { authOf, guardKindOf, markGuard, type GuardKind } from './platform/auth.js';
import { requireEventAccess } from './modules/events/event-access.js';

/** A route as the guards saw it (the route-order test walks this list). */
export interface GuardedRoute {
  method: string;
  url: string;
  guard: GuardKind | undefined;
  /** The path parameter holding the event id, checked for membership before the body. */
  eventParam: string | undefined;
}

/** Host routes name their event `:id` (spec §7) or `:eventId` (orders). */
const EVENT_PARAMS = ['id', 'eventId'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Hook = NonNullable<RouteOptions['preHandler']>;
const asList = (hooks: Hook | RouteOptions['preValidation'] | undefined): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Who may call, then what was sent: a route's guard (requireAuth, requireAdmin) moves from preHandler or
 * preValidation to onRequest, before the body is parsed and validated. On a host route with an event in its
 * path, the caller must also be a host of that event: a stranger gets NOT_FOUND whatever the body. The
 * route's own service still checks the right it needs (pay, manageCohosts…) as before.
 */
export const guardBeforeBody = (ctx: AppContext, seen: GuardedRoute[]) => (route: RouteOptions) => {
  const preHandler = asList(route.preHandler);
  const preValidation = asList(route.preValidation);
  const guards = [...preValidation, ...preHandler].filter((hook) => guardKindOf(hook));
  const kind = guards.reduce<GuardKind | undefined>((found, hook) => (guardKindOf(hook) === 'admin' ? 'admin' : (found ?? guardKindOf(hook))), undefined);
  const eventParam = kind === 'host' ? EVENT_PARAMS.find((name) => route.url.includes(`:${name}`)) : undefined;
  for (const method of Array.isArray(route.method) ? route.method : [route.method]) seen.push({ method, url: route.url, guard: kind, eventParam });
  if (!kind) return;

  const memberOfEvent = eventParam
    ? markGuard(async (request: FastifyRequest) => {
        const eventId = (request.params as Record<string, string | undefined>)[eventParam];
        // A malformed id is left to validation (it names no event, so it cannot tell a stranger anything).
        if (eventId && UUID.test(eventId)) await requireEventAccess(ctx.db, authOf(request).user.id, eventId, 'read');
      }, 'host')
    : undefined;
  route.preHandler = preHandler.filter((hook) => !guardKindOf(hook)) as Hook;
  route.preValidation = preValidation.filter((hook) => !guardKindOf(hook)) as RouteOptions['preValidation'];
  route.onRequest = [...asList(route.onRequest), ...guards, ...(memberOfEvent ? [memberOfEvent] : [])] as onRequestAsyncHookHandler[];
};

import {
  API,
  answerHistoryQuerySchema,
  answerHistoryResponseSchema,
  eventIdParamsSchema,
  HOST_MARK_COOKIE,
  inviteAnswerResultSchema,
  inviteLangQuerySchema,
  invitePageSchema,
  inviteParamsSchema,
  previewLinksSchema,
  publicInviteParamsSchema,
  publicAnswerReceivedSchema,
  publicRsvpAnswerSchema,
  PUBLIC_PHONES_PER_ADDRESS,
  rsvpAnswerSchema,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { isLinkPreviewBot } from './page/link-preview.js';
import * as host from './invitations-host.service.js';
import * as invitations from './invitations.service.js';
import { registerPublicLinkRoutes } from './public-link.routes.js';

const HOST_MARK = new RegExp(`(?:^|;\\s*)${HOST_MARK_COOKIE}=([0-9a-fA-F-]{36})(?:;|$)`);

/** A page open counts as a view unless a link-preview crawler made it, or one of the event's hosts (see HOST_MARK_COOKIE). */
const requestLookups = new WeakMap<FastifyRequest, invitations.InviteLookups>();

/** The request's own token lookups (issue 30 §5): the page, the gift link and an error page share one read. */
export const lookupsOf = (request: FastifyRequest): invitations.InviteLookups => {
  let lookups = requestLookups.get(request);
  if (!lookups) {
    lookups = invitations.createInviteLookups();
    requestLookups.set(request, lookups);
  }
  return lookups;
};

export const visitOf = (request: FastifyRequest, countable = true): invitations.InviteVisit => {
  const hostUserId = HOST_MARK.exec(request.headers.cookie ?? '')?.[1];
  return {
    ip: request.ip,
    lookups: lookupsOf(request),
    countView: countable && request.method === 'GET' && !isLinkPreviewBot(request.headers['user-agent']),
    ...(hostUserId ? { hostUserId } : {}),
  };
};

/** The guest pages' JSON, for the mobile app's web view (spec §7); the HTML pages use the same service. */
export const registerInvitationRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const tags = ['invitations'];
  const guestNote = 'No account: the token in the path is the credential. Unknown tokens count against the IP (429 past the limit).';

  app.get(
    API.invite.personal(':guestID'),
    {
      schema: {
        tags,
        description: `The guest's invitation page data in the page language (?lang, else the guest's). Counts a view. ${guestNote}`,
        params: inviteParamsSchema,
        querystring: inviteLangQuerySchema,
        response: { 200: invitePageSchema },
      },
    },
    (request) => invitations.getPersonalPage(ctx, request.params.guestID, request.query.lang, visitOf(request)),
  );

  app.post(
    API.invite.personal(':guestID'),
    {
      schema: {
        tags,
        description: `The guest's answer; the same answer twice changes nothing. RESPONDERS_ABOVE_INVITEES, ANSWERS_CLOSED. ${guestNote}`,
        params: inviteParamsSchema,
        querystring: inviteLangQuerySchema,
        body: rsvpAnswerSchema,
        response: { 200: inviteAnswerResultSchema },
      },
    },
    async (request) =>
      (await invitations.answerPersonal(ctx, request.params.guestID, request.body, request.query.lang, visitOf(request, false))).result,
  );

  app.put(
    API.invite.wrongNumber(':guestID'),
    {
      schema: {
        tags,
        description: `Marks the guest's phone as a wrong number; the host is notified. ${guestNote}`,
        params: inviteParamsSchema,
        querystring: inviteLangQuerySchema,
        response: { 200: invitePageSchema },
      },
    },
    (request) => invitations.markWrongNumber(ctx, request.params.guestID, request.query.lang, visitOf(request, false)),
  );

  app.get(
    API.invite.public(':token'),
    {
      schema: {
        tags,
        description: `The event's public invitation page data (?lang, else the event's default). ${guestNote}`,
        params: publicInviteParamsSchema,
        querystring: inviteLangQuerySchema,
        response: { 200: invitePageSchema },
      },
    },
    (request) => invitations.getPublicPage(ctx, request.params.token, request.query.lang, visitOf(request)),
  );

  app.post(
    API.invite.public(':token'),
    {
      schema: {
        tags,
        description: `An answer on the public page. The reply is the same for every well-formed answer (what was typed, received), whether the phone is on the list or not: a listed guest who has not answered gets it; one who has (or a count above their invitation) has it kept beside their answer for the host; a new phone becomes a guest or waits for the host's approval, as the host chose. PUBLIC_LINK_CLOSED when the host turned the link off; 429 past ${PUBLIC_PHONES_PER_ADDRESS.max} phones an hour from one address (IPv6: per /64). ${guestNote}`,
        params: publicInviteParamsSchema,
        body: publicRsvpAnswerSchema,
        response: { 200: publicAnswerReceivedSchema },
      },
    },
    async (request) => (await invitations.answerPublic(ctx, request.params.token, request.body, visitOf(request, false))).result,
  );

  const preHandler = requireAuth(ctx);
  app.get(
    API.guests.answers(':id'),
    {
      preHandler,
      schema: {
        tags: ['guests'],
        description: 'Guest answers, newest first, every change kept (?guestId for one guest, ?changedOnly=true).',
        params: eventIdParamsSchema,
        querystring: answerHistoryQuerySchema,
        response: { 200: answerHistoryResponseSchema },
      },
    },
    (request) => host.listAnswers(ctx, authOf(request).user.id, request.params.id, request.query),
  );

  app.get(
    API.event.previewLinks(':id'),
    {
      preHandler,
      schema: {
        tags: ['events'],
        description: 'Signed links (valid 60 minutes) to the invitation and navigation pages as a guest sees them; they count no view and take no answer.',
        params: eventIdParamsSchema,
        response: { 200: previewLinksSchema },
      },
    },
    (request) => host.previewLinks(ctx, authOf(request).user.id, request.params.id),
  );

  registerPublicLinkRoutes(app);
};

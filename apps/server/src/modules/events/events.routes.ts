import {
  publicInviteLinkSchema,
  API,
  EVENT_IMAGE_MAX_BYTES,
  eventEditSchema,
  eventIdParamsSchema,
  eventInputSchema,
  eventListSchema,
  eventSchema,
  includeCallsPreferenceSchema,
  mealsListSchema,
  MSG,
  nonRemovableLanguagesSchema,
  okResponseSchema,
  setMessageSystemPreferenceSchema,
  SPECIAL_MEALS,
  updateInvitationDateSchema,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { readMultipart, withMultipart } from '../../platform/multipart.js';
import * as events from './events.service.js';

const tags = ['events'];
const params = eventIdParamsSchema;
const PATH_ID = ':id';

// The document shows the JSON body; the multipart form (same JSON in a part) is described in words.
const MULTIPART_NOTE =
  'Body: multipart/form-data with the part `data` holding this JSON and an optional part `image` (jpeg, png, webp or heic, ' +
  `at most ${EVENT_IMAGE_MAX_BYTES / 1024 / 1024} MB); or this JSON as the body when there is no image.`;

const uploads = new WeakMap<FastifyRequest, Buffer>();

/**
 * preValidation for the multipart form of newEvent/editEvent: the JSON of the `data` part becomes the body,
 * so the route schema validates it exactly like a JSON body (same issues), and the image waits beside it.
 * It runs after the sign-in check, so an anonymous upload is never read.
 */
const readEventMultipart =
  (dataRequired: boolean) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    const body = await readMultipart(request, { maxFileBytes: EVENT_IMAGE_MAX_BYTES, tooLarge: 'IMAGE_TOO_LARGE' });
    const raw = body.fields.data;
    if (raw === undefined && dataRequired) throw new AppError('VALIDATION', 'invalid input', [{ path: 'data', message: MSG.required }]);
    try {
      request.body = raw === undefined ? {} : JSON.parse(raw);
    } catch {
      throw new AppError('VALIDATION', 'invalid input', [{ path: 'data', message: MSG.invalidValue }]);
    }
    const image = body.files.image?.buffer;
    if (image && image.length > 0) uploads.set(request, image);
  };

export const registerEventRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const withEventForm = (dataRequired: boolean) => [preHandler, readEventMultipart(dataRequired)];
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  // The two routes that also take the multipart form (with an image).
  withMultipart(app, (scope) => {
    scope.post(
      API.event.newEvent,
      {
        preValidation: withEventForm(true),
        schema: { tags, description: `Creates an event owned by the caller. ${MULTIPART_NOTE}`, body: eventInputSchema, response: { 200: eventSchema } },
      },
      (request) => events.createEvent(ctx, userIdOf(request), request.body, uploads.get(request)),
    );

    scope.post(
      API.event.editEvent(PATH_ID),
      {
        preValidation: withEventForm(false),
        schema: {
          tags,
          description: `Changes any subset of the event's fields; a new image replaces the old one. ${MULTIPART_NOTE}`,
          params,
          body: eventEditSchema,
          response: { 200: eventSchema },
        },
      },
      (request) => events.editEvent(ctx, userIdOf(request), request.params.id, request.body, uploads.get(request)),
    );
  });

  app.get(
    API.event.fetchEvents,
    { preHandler, schema: { tags, description: "The caller's events, the latest event date first.", response: { 200: eventListSchema } } },
    (request) => events.listEvents(ctx, userIdOf(request)),
  );

  app.get(API.event.byId(PATH_ID), { preHandler, schema: { tags, params, response: { 200: eventSchema } } }, (request) =>
    events.getEvent(ctx, userIdOf(request), request.params.id),
  );

  app.delete(
    API.event.byId(PATH_ID),
    { preHandler, schema: { tags, description: 'Refused with PAID_EVENT_NOT_DELETABLE once the event is paid or started.', params, response: { 200: okResponseSchema } } },
    async (request) => {
      await events.deleteEvent(ctx, userIdOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(API.event.deleteImage(PATH_ID), { preHandler, schema: { tags, params, response: { 200: eventSchema } } }, (request) =>
    events.removeEventImage(ctx, userIdOf(request), request.params.id),
  );

  app.get(
    API.event.nonRemovableLanguages(PATH_ID),
    {
      preHandler,
      schema: { tags, description: "Languages the event's guests use, and its default language.", params, response: { 200: nonRemovableLanguagesSchema } },
    },
    (request) => events.listNonRemovableLanguages(ctx, userIdOf(request), request.params.id),
  );

  app.get(API.meals.all, { preHandler, schema: { tags, response: { 200: mealsListSchema } } }, async () => [...SPECIAL_MEALS]);

  app.post(
    API.event.updateInvitationDate(PATH_ID),
    { preHandler, schema: { tags, description: 'Sets the RSVP start date.', params, body: updateInvitationDateSchema, response: { 200: eventSchema } } },
    (request) => events.updateInvitationDate(ctx, userIdOf(request), request.params.id, request.body.date),
  );

  app.post(
    API.event.includeCallsPreference(PATH_ID),
    { preHandler, schema: { tags, params, body: includeCallsPreferenceSchema, response: { 200: eventSchema } } },
    (request) => events.setIncludeCallsPreference(ctx, userIdOf(request), request.params.id, request.body.includeCalls),
  );

  app.post(
    API.event.setMessageSystemPreference(PATH_ID),
    { preHandler, schema: { tags, params, body: setMessageSystemPreferenceSchema, response: { 200: eventSchema } } },
    (request) => events.setMessageSystemPreference(ctx, userIdOf(request), request.params.id, request.body.messageSystem),
  );

  app.post(
    API.event.rotatePublicLink(PATH_ID),
    {
      preHandler,
      schema: { tags, description: 'A new public invitation link; the old one stops working at once.', params, response: { 200: publicInviteLinkSchema } },
    },
    (request) => events.rotatePublicLink(ctx, userIdOf(request), request.params.id),
  );
};

import { API, eventIdParamsSchema, groupInputSchema, groupListSchema, groupParamsSchema, groupSchema, okResponseSchema } from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import * as groups from './groups.service.js';

const tags = ['groups'];
const ID = ':id';
const GROUP_ID = ':groupID';

export const registerGroupRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.groups.fetch(ID),
    { preHandler, schema: { tags, description: "The event's groups with their guest counts.", params: eventIdParamsSchema, response: { 200: groupListSchema } } },
    (request) => groups.listGroups(ctx, userIdOf(request), request.params.id),
  );

  app.post(
    API.groups.new(ID),
    {
      preHandler,
      schema: {
        tags,
        description: 'Names are unique per event, trimmed and case-insensitive (GROUP_NAME_EXISTS); at most 10 groups (MAX_GROUPS_REACHED).',
        params: eventIdParamsSchema,
        body: groupInputSchema,
        response: { 200: groupSchema },
      },
    },
    (request) => groups.createGroup(ctx, userIdOf(request), request.params.id, request.body.name),
  );

  app.put(
    API.groups.one(ID, GROUP_ID),
    { preHandler, schema: { tags, description: 'Renames the group (GROUP_NAME_EXISTS).', params: groupParamsSchema, body: groupInputSchema, response: { 200: groupSchema } } },
    (request) => groups.renameGroup(ctx, userIdOf(request), request.params.id, request.params.groupID, request.body.name),
  );

  app.delete(
    API.groups.one(ID, GROUP_ID),
    { preHandler, schema: { tags, description: "Deletes the group; its guests stay, without a group.", params: groupParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await groups.deleteGroup(ctx, userIdOf(request), request.params.id, request.params.groupID);
      return { ok: true as const };
    },
  );
};

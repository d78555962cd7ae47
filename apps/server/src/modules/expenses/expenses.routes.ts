import { z } from 'zod';
import {
  API,
  eventIdParamsSchema,
  EXPENSE_AMOUNT_MAX_AGOROT,
  EXPENSES_MAX_ROWS,
  expensesEditSchema,
  expensesResponseSchema,
  LANGUAGES,
  MSG,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import * as expenses from './expenses.service.js';

const tags = ['expenses'];
const ID = ':id';
const LANG = ':lang';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportParamsSchema = eventIdParamsSchema.extend({ lang: z.enum(LANGUAGES, { error: MSG.invalidValue }) });

/** RFC 5987 value: percent-encoded UTF-8, with the characters encodeURIComponent leaves but the syntax forbids. */
const encodeFilenameStar = (name: string): string =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export const registerExpenseRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.expenses.list(ID),
    {
      preHandler,
      schema: {
        tags,
        description: 'The event\'s expense list in order, amounts in agorot, with its totals and its `version` (any host of the event).',
        params: eventIdParamsSchema,
        response: { 200: expensesResponseSchema },
      },
    },
    (request) => expenses.getExpenses(ctx, userIdOf(request), request.params.id),
  );

  app.put(
    API.expenses.list(ID),
    {
      preHandler,
      schema: {
        tags,
        description:
          'Replaces the whole list (in the order sent) in one transaction, at the `version` read: STALE_VERSION (409) when the list ' +
          `changed since, and nothing changes. At most ${EXPENSES_MAX_ROWS} rows; amounts in agorot up to ${EXPENSE_AMOUNT_MAX_AGOROT}; ` +
          'a paid amount above the total is VALIDATION. A row keeps its `id` when it is one of the list\'s rows. Answers the saved list.',
        params: eventIdParamsSchema,
        body: expensesEditSchema,
        response: { 200: expensesResponseSchema },
      },
    },
    (request) => expenses.saveExpenses(ctx, userIdOf(request), request.params.id, request.body),
  );

  app.get(
    API.expenses.export(ID, LANG),
    {
      preHandler,
      schema: {
        tags,
        description: `The expense list as xlsx (${XLSX_TYPE}): titles in the language, a right-to-left sheet for he and ar, amounts in ₪, a totals row.`,
        params: exportParamsSchema,
      },
    },
    async (request, reply) => {
      const download = await expenses.exportExpenses(ctx, userIdOf(request), request.params.id, request.params.lang);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${download.asciiName}"; filename*=UTF-8''${encodeFilenameStar(download.displayName)}`)
        .send(download.file);
    },
  );
};

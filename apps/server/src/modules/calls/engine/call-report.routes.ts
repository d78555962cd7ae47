import { API, callReportQuerySchema, callReportSchema, eventIdParamsSchema } from '@magiim/shared';
import type { AppInstance } from '../../../app.js';
import { authOf, requireAuth } from '../../../platform/auth.js';
import { getCallReport } from './call-report.service.js';

/** `GET calls/report/{id}`. */
export const registerCallReportRoutes = (app: AppInstance) => {
  const { ctx } = app;
  app.get(
    API.calls.report(':id'),
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['calls'],
        description:
          'The call round per guest, one page at a time (`offset`, `limit`, optional `result`): attempts (start, duration, result), ' +
          'the next attempt (Asia/Jerusalem), the keypad answer; totals by result for the whole round.',
        params: eventIdParamsSchema,
        querystring: callReportQuerySchema,
        response: { 200: callReportSchema },
      },
    },
    (request) => getCallReport(ctx, authOf(request).user.id, request.params.id, request.query),
  );
};

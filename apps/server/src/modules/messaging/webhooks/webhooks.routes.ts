import { createHash } from 'node:crypto';
import { z } from 'zod';
import { API, okResponseSchema } from '@magiim/shared';
import type { AppInstance } from '../../../app.js';
import type { WebhookSource } from '../../../db/schema/webhooks.js';
import { AppError } from '../../../platform/errors.js';
import { storeWebhook } from './webhook-intake.js';

/** Meta's payloads are a few KB; a body this large is not a webhook. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const SMS_BODY_LIMIT = 64 * 1024;


const notFound = () => new AppError('NOT_FOUND', 'not found');

const subscriptionQuerySchema = z.looseObject({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});
const smsParamsSchema = z.object({ secret: z.string().min(1).max(200) });

const store = async (app: AppInstance, source: WebhookSource, raw: Buffer): Promise<void> => {
  // A text column cannot hold NUL: refused here, so it never fails the shared INSERT of the bodies that came with it.
  if (raw.includes(0)) throw new AppError('BAD_REQUEST', 'body holds a NUL byte');
  const hash = createHash('sha256').update(raw).digest('hex');
  await storeWebhook(app.ctx, source, hash, raw.toString('utf8'));
};

/**
 * `/api/webhooks/whatsapp` (GET handshake, signed POST) and 019's push URLs under `/api/webhooks/sms/<secret>/`.
 * No session and no platform header (app.ts exempts the prefix). Each POST is checked (signature or path secret; a body with a NUL byte: 400),
 * stored once and answered 200 at once; a job applies it (webhooks.jobs.ts).
 */
export const registerWebhookRoutes = async (app: AppInstance): Promise<void> => {
  // WhatsApp: the body stays the exact bytes Meta signed, whatever its content type (parsers of this scope only).
  await app.register(async (scope) => {
    const typed = scope as AppInstance;
    typed.removeAllContentTypeParsers();
    typed.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    typed.get(
      API.webhooks.whatsapp,
      {
        schema: {
          tags: ['webhooks'],
          description: "Meta's webhook verification: echoes hub.challenge (text/plain) when hub.mode is subscribe and hub.verify_token is ours; else 403.",
          security: [],
          querystring: subscriptionQuerySchema,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const cloud = typed.ctx.messaging.whatsappCloud;
        if (!cloud) throw notFound();
        const challenge = cloud.verifySubscription(request.query);
        if (challenge === null) throw new AppError('FORBIDDEN', 'verification refused');
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );

    typed.post(
      API.webhooks.whatsapp,
      {
        schema: {
          tags: ['webhooks'],
          description:
            "Meta's webhook events (statuses, guests' messages, template reviews). X-Hub-Signature-256 is checked on the raw body first " +
            '(missing or wrong: 401, nothing stored); the body is stored once and applied by a job.',
          security: [],
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        const cloud = typed.ctx.messaging.whatsappCloud;
        if (!cloud) throw notFound();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['x-hub-signature-256'];
        if (!cloud.verifySignature(raw, typeof header === 'string' ? header : undefined)) throw new AppError('UNAUTHORIZED', 'signature invalid');
        if (raw.length > 0) await store(typed, 'whatsapp', raw);
        return { ok: true as const };
      },
    );
  });

  // 019's pushes: forms (JSON accepted too), kept as received; the secret path segment is SMS_WEBHOOK_SECRET.
  await app.register(async (scope) => {
    const typed = scope as AppInstance;
    typed.removeAllContentTypeParsers();
    typed.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SMS_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const route = (path: string, source: WebhookSource, description: string) =>
      typed.post(
        path,
        { schema: { tags: ['webhooks'], description, security: [], params: smsParamsSchema, response: { 200: okResponseSchema } } },
        async (request) => {
          const gateway = typed.ctx.messaging.smsGateway;
          if (!gateway || !gateway.verifyPathSecret(request.params.secret)) throw notFound();
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          if (raw.length > 0) await store(typed, source, raw);
          return { ok: true as const };
        },
      );
    route(
      API.webhooks.smsDlr(':secret'),
      'sms-dlr',
      "019's delivery reports (a form). Unsigned: stored as a hint; the row changes only as 019's status query then says. Wrong secret: 404.",
    );
    route(API.webhooks.smsInbound(':secret'), 'sms-inbound', "Guests' SMS replies as 019 pushes them (a form): opt-out words, and 1 / 2 / 3 answers. Wrong secret: 404.");
    route(
      API.webhooks.smsBlacklist(':secret'),
      'sms-blacklist',
      "019's blacklist pushes (a form): a number blocked on its owner's request is opted out of every event that messaged it. Wrong secret: 404.",
    );
  });
};

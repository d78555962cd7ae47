import { z } from 'zod';
import { API } from '@magiim/shared';
import type { AppInstance } from '../../../app.js';
import { AppError } from '../../../platform/errors.js';
import { respondToCall } from '../engine/call-flow.js';
import { applyCallStatus } from '../engine/call-status.js';
import { readCachedSpeech, speechUrlFor } from '../speech/speech.service.js';
import type { CallInput } from '../../../providers/voice/index.js';
import { formParams, verifyTwilioSignature } from '../../../providers/voice/twilio-signature.js';
import { HANGUP_TWIML, renderTwiml, type SpokenPart } from '../../../providers/voice/twiml.js';
import { answeredByOf, reportOfCallback, twimlUrlOf } from '../../../providers/voice/twilio.js';

/** Twilio's forms are a few hundred bytes. */
const FORM_BODY_LIMIT = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError('NOT_FOUND', 'not found');
const attemptParamsSchema = z.object({ attemptId: z.string().max(100) });
const audioParamsSchema = z.object({ key: z.string().max(200) });

/** Twilio's `event` on our TwiML URL and its form fields as our call flow's input; null: not a step we know. */
const inputOf = (event: string | undefined, form: Map<string, string>): CallInput | null => {
  if (event === 'start') return { kind: 'start', answeredBy: answeredByOf(form.get('AnsweredBy')) };
  if (event === 'keys') {
    const digits = (form.get('Digits') ?? '').replace(/[^0-9*#]/g, '').slice(0, 10);
    return digits ? { kind: 'keys', digits } : { kind: 'silence' };
  }
  if (event === 'silence') return { kind: 'silence' };
  return null;
};

const eventOf = (url: string): string | undefined => {
  const query = url.indexOf('?');
  return query < 0 ? undefined : (new URLSearchParams(url.slice(query + 1)).get('event') ?? undefined);
};

/**
 * Twilio's TwiML fetches and status callbacks (`/api/webhooks/voice/twilio/…/:attemptId`, forms signed with
 * X-Twilio-Signature over our public URL — checked before anything is read: 403, nothing changes), and our rendered
 * audio for `<Play>` (`/api/webhooks/voice/audio/:key`). The Twilio routes answer 404 unless VOICE_PROVIDER=twilio.
 */
export const registerVoiceWebhookRoutes = async (app: AppInstance): Promise<void> => {
  await app.register(async (scope) => {
    const typed = scope as AppInstance;
    typed.removeAllContentTypeParsers();
    typed.addContentTypeParser('*', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => done(null, body));

    /** The form when the signature over the exact public URL holds; else 403 (404 when Twilio is not ours). */
    const verified = (request: { url: string; body: unknown; headers: Record<string, string | string[] | undefined> }): Map<string, string> => {
      const voice = typed.ctx.config.voice;
      if (voice.provider !== 'twilio') throw notFound();
      const raw = typeof request.body === 'string' ? request.body : '';
      const params = formParams(raw);
      const header = request.headers['x-twilio-signature'];
      const url = `${typed.ctx.config.appUrl}${request.url}`;
      if (!verifyTwilioSignature(voice.authToken, url, params, typeof header === 'string' ? header : undefined)) {
        throw new AppError('FORBIDDEN', 'signature invalid');
      }
      return new Map(params);
    };

    typed.post(
      API.webhooks.voiceTwiml(':attemptId'),
      {
        schema: {
          tags: ['webhooks'],
          description:
            "Twilio fetches the call's next TwiML here (`?event=start|keys|silence`, a signed form: AnsweredBy, Digits). " +
            'X-Twilio-Signature is checked first (missing or wrong: 403, nothing changes); answers text/xml.',
          security: [],
          params: attemptParamsSchema,
        },
      },
      async (request, reply) => {
        const form = verified(request);
        const { attemptId } = request.params;
        if (!UUID.test(attemptId)) throw notFound();
        const input = inputOf(eventOf(request.url), form);
        if (!input) throw new AppError('BAD_REQUEST', 'unknown event');
        const { ctx } = typed;
        let xml = HANGUP_TWIML;
        try {
          const prompt = await respondToCall(ctx, attemptId, input);
          // Rendered side by side (a cache miss renders while Twilio waits for this answer); a failed render is read by Twilio instead.
          const parts: SpokenPart[] = await Promise.all(
            prompt.say.map(async (text): Promise<SpokenPart> => {
              if (ctx.config.tts.provider !== 'google') return { say: text };
              try {
                return { play: await speechUrlFor(ctx, prompt.lang, text) };
              } catch (error) {
                request.log.warn({ err: error }, 'voice: speech not rendered, Twilio reads it instead');
                return { say: text };
              }
            }),
          );
          xml = renderTwiml(prompt, parts, twimlUrlOf(ctx.config.appUrl, attemptId));
        } catch (error) {
          request.log.warn({ err: error, attemptId }, 'voice: the call flow failed; hanging up');
        }
        return reply.header('cache-control', 'no-store').type('text/xml; charset=utf-8').send(xml);
      },
    );

    typed.post(
      API.webhooks.voiceStatus(':attemptId'),
      {
        schema: {
          tags: ['webhooks'],
          description:
            "Twilio's status callbacks (a signed form: CallSid, CallStatus, AnsweredBy, CallDuration, Timestamp, SequenceNumber). " +
            'X-Twilio-Signature is checked first (missing or wrong: 403, nothing changes); replays and out-of-order callbacks change nothing twice. 204.',
          security: [],
          params: attemptParamsSchema,
        },
      },
      async (request, reply) => {
        const form = verified(request);
        const { attemptId } = request.params;
        if (!UUID.test(attemptId)) throw notFound();
        const report = reportOfCallback(form);
        if (report) await applyCallStatus(typed.ctx, attemptId, report);
        return reply.code(204).send();
      },
    );
  });

  app.get(
    API.webhooks.voiceAudio(':key'),
    {
      schema: {
        tags: ['webhooks'],
        description: 'Our rendered speech for `<Play>` (the key is an unguessable keyed hash of voice and text): audio/mpeg or audio/wav; unknown key: 404.',
        security: [],
        params: audioParamsSchema,
      },
    },
    async (request, reply) => {
      if (!/^[A-Za-z0-9_-]{16,200}$/.test(request.params.key)) throw notFound();
      const speech = await readCachedSpeech(app.ctx, request.params.key);
      if (!speech) throw notFound();
      return reply.header('cache-control', 'public, max-age=86400').type(speech.contentType).send(speech.audio);
    },
  );
};

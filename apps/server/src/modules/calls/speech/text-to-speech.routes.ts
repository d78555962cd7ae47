import { z } from 'zod';
import { API, eventIdParamsSchema, textToSpeechSchema } from '@magiim/shared';
import type { AppInstance } from '../../../app.js';
import { authOf, requireAuth } from '../../../platform/auth.js';
import { AppError } from '../../../platform/errors.js';
import { TextToSpeechError } from '../../../providers/tts/index.js';
import type { Limit } from '../../rate-limits/rate-limiter.js';
import { requireEventAccess } from '../../events/event-access.js';
import { speak } from './speech.service.js';

/**
 * The preview is for hearing one's own call script, not a free speech service: per host, new renders (the
 * provider's cost) are counted by the hour and the day; cached audio (a replay) only by a generous hourly bound.
 */
export const TEXT_TO_SPEECH_LIMITS = {
  requestsPerUser: { max: 300, windowMinutes: 60 },
  rendersPerUserHour: { max: 60, windowMinutes: 60 },
  rendersPerUserDay: { max: 200, windowMinutes: 24 * 60 },
} as const satisfies Record<string, Limit>;

/** The browser keeps a preview for an hour (the same text in the same voice is the same audio). */
const CACHE_CONTROL = 'private, max-age=3600';

const AUDIO_DESCRIPTION = 'The audio bytes: audio/wav (sandbox, eSpeak NG) or audio/mpeg (Google Text-to-Speech).';
const audioBytesSchema = z.string().meta({ format: 'binary' });

/** `POST text-to-speech/{id}`. */
export const registerTextToSpeechRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);

  app.post(
    API.textToSpeech(':id'),
    {
      preHandler,
      // Every /api answer is no-store (platform/security-headers.ts, an app hook that runs before this route's):
      // the audio of a successful preview may stay in this browser's own cache (never a shared one) for replays.
      onSend: (_request, reply, payload, done) => {
        if (reply.statusCode === 200) reply.header('cache-control', CACHE_CONTROL);
        done(null, payload);
      },
      schema: {
        tags: ['calls'],
        description:
          "Reads `text` aloud in `lang` with the call's voice, so the host hears names and dates as the guest will: answers the audio bytes " +
          '(audio/wav in the sandbox, audio/mpeg with Google). Any host of the event; rendered audio is cached by text and voice; rate-limited per host.',
        params: eventIdParamsSchema,
        body: textToSpeechSchema,
        response: { 200: { description: AUDIO_DESCRIPTION, content: { 'audio/wav': { schema: audioBytesSchema }, 'audio/mpeg': { schema: audioBytesSchema } } } },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).user.id;
      await requireEventAccess(ctx.db, userId, request.params.id, 'read');
      await ctx.rateLimiter.consume([{ bucket: `tts:user:${userId}`, limit: TEXT_TO_SPEECH_LIMITS.requestsPerUser }]);
      const { lang, text } = request.body;
      let speech: Awaited<ReturnType<typeof speak>>;
      try {
        speech = await speak(ctx, lang, text, {
          beforeRender: async () => {
            await ctx.rateLimiter.consume([
              { bucket: `tts-render:user:${userId}`, limit: TEXT_TO_SPEECH_LIMITS.rendersPerUserHour },
              { bucket: `tts-render-day:user:${userId}`, limit: TEXT_TO_SPEECH_LIMITS.rendersPerUserDay },
            ]);
          },
        });
      } catch (error) {
        if (!(error instanceof TextToSpeechError)) throw error;
        request.log.error({ err: error, provider: ctx.tts.name, code: error.code }, 'text to speech failed');
        throw new AppError('UNAVAILABLE', 'text to speech is unavailable, try again later');
      }
      // A Buffer is sent as it is (Fastify serializes no Buffer): the schema above only describes it.
      return reply.type(speech.contentType).header('content-length', String(speech.audio.length)).send(speech.audio as never);
    },
  );
};

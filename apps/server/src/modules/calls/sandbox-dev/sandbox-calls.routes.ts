import { z } from 'zod';
import { API, DEFAULT_LANG, directionOf, isLang, MSG, sandboxCallKeysSchema, type Lang } from '@magiim/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app.js';
import { AppError } from '../../../platform/errors.js';
import { isLoopbackAddress } from '../../../platform/loopback.js';
import type { AppContext } from '../../../platform/context.js';
import { isSandboxVoiceProvider, type SandboxCallRow, type SandboxVoiceProvider } from '../../../providers/voice/sandbox.js';
import { SANDBOX_CALLS_TEXTS, type SandboxCallsTexts } from './sandbox-calls-texts.js';

export const SANDBOX_CALLS_PAGE_PATH = '/dev/sandbox/calls';
const DEFAULT_SHOWN = 50;
const MAX_SHOWN = 500;
const FINAL = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

const promptSchema = z.object({
  lang: z.string(),
  say: z.array(z.string()),
  gather: z.object({ numDigits: z.number(), timeoutSeconds: z.number(), finishOnKey: z.literal('#').optional() }).nullable(),
});
export const sandboxCallSchema = z.object({
  id: z.string(),
  attemptId: z.string(),
  to: z.string(),
  lang: z.string(),
  status: z.string(),
  mode: z.string(),
  transcript: z.array(z.object({ at: z.string(), who: z.enum(['call', 'guest']), text: z.string() })),
  /** What the call says now and whether it waits for keys; null when over or not answered. */
  prompt: promptSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SandboxCallView = z.infer<typeof sandboxCallSchema>;
const callResponseSchema = z.object({ call: sandboxCallSchema });
const listResponseSchema = z.object({ calls: z.array(sandboxCallSchema) });
const listQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(MAX_SHOWN).default(DEFAULT_SHOWN) });
const callParamsSchema = z.object({ callId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, MSG.invalidValue) });

export const viewOf = (row: SandboxCallRow): SandboxCallView => {
  const prompt = (row.data as { prompt?: SandboxCallView['prompt'] }).prompt ?? null;
  return {
    id: row.id,
    attemptId: row.attemptId,
    to: row.to,
    lang: row.lang,
    status: row.status,
    mode: row.mode,
    transcript: row.transcript,
    prompt: FINAL.has(row.status) ? null : prompt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

const notFound = () => new AppError('NOT_FOUND', 'not found');
const sandboxOf = (ctx: AppContext): SandboxVoiceProvider => {
  if (!isSandboxVoiceProvider(ctx.voice)) throw notFound();
  return ctx.voice;
};
const onlyThisMachine = async (request: FastifyRequest) => {
  if (!isLoopbackAddress(request.ip)) throw notFound();
};

type Step = 'takeover' | 'answer' | 'keys' | 'hangup';
/** Plays one step of a call by hand: take it over first (its scripted guest stops); a call that plays itself can only be taken over or hung up. */
const playStep = async (ctx: AppContext, callId: string, step: Step, digits = ''): Promise<SandboxCallRow> => {
  const sandbox = sandboxOf(ctx);
  const current = await sandbox.find(callId);
  if (!current) throw notFound();
  if ((step === 'answer' || step === 'keys') && current.mode !== 'manual') throw new AppError('CONFLICT', 'this call plays itself');
  const next = step === 'takeover' ? await sandbox.takeOver(callId) : step === 'answer' ? await sandbox.answer(callId) : step === 'keys' ? await sandbox.pressKeys(callId, digits) : await sandbox.hangUpByHand(callId);
  if (!next) throw notFound();
  return next;
};

/** Development only (like the messaging sandbox): the sandbox's calls as JSON, answer, press keys, hang up (under /api). */
export const registerSandboxCallRoutes = (app: AppInstance) => {
  if (app.ctx.config.nodeEnv === 'production') return;
  const options = (description: string) => ({ tags: ['dev'], security: [], description });

  app.get(
    API.sandboxCalls.list,
    { schema: { ...options('The sandbox voice provider\'s calls, newest first (development only; this machine only).'), querystring: listQuerySchema, response: { 200: listResponseSchema } }, onRequest: onlyThisMachine },
    async (request) => ({ calls: (await sandboxOf(app.ctx).list(request.query.limit)).map(viewOf) }),
  );
  app.post(
    API.sandboxCalls.takeover(':callId'),
    { schema: { ...options('Takes a sandbox call over: its scripted guest stops and the call is played by hand from here.'), params: callParamsSchema, response: { 200: callResponseSchema } }, onRequest: onlyThisMachine },
    async (request) => ({ call: viewOf(await playStep(app.ctx, request.params.callId, 'takeover')) }),
  );
  app.post(
    API.sandboxCalls.answer(':callId'),
    { schema: { ...options('Answers a sandbox call taken over on the dev page, as the guest.'), params: callParamsSchema, response: { 200: callResponseSchema } }, onRequest: onlyThisMachine },
    async (request) => ({ call: viewOf(await playStep(app.ctx, request.params.callId, 'answer')) }),
  );
  app.post(
    API.sandboxCalls.keys(':callId'),
    {
      schema: { ...options('Presses keys on a manual sandbox call in answer to its prompt.'), params: callParamsSchema, body: sandboxCallKeysSchema, response: { 200: callResponseSchema } },
      onRequest: onlyThisMachine,
    },
    async (request) => ({ call: viewOf(await playStep(app.ctx, request.params.callId, 'keys', request.body.digits)) }),
  );
  app.post(
    API.sandboxCalls.hangup(':callId'),
    { schema: { ...options('Hangs up a sandbox call as the guest.'), params: callParamsSchema, response: { 200: callResponseSchema } }, onRequest: onlyThisMachine },
    async (request) => ({ call: viewOf(await playStep(app.ctx, request.params.callId, 'hangup')) }),
  );
};

// ── The page ───────────────────────────────────────────────────────────────────
const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Tokens of docs/design.md (canvas, paper, ink, primary, teal for calls; radius 10/16; 44 px targets).
const CSS = [
  '*{box-sizing:border-box}',
  'body{margin:0;background:#FBF8F5;color:#2A2433;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Hebrew","Noto Sans Arabic",Arial,sans-serif}',
  '.ribbon{background:#B73E63;color:#fff;text-align:center;font-weight:600;padding:.5rem 1rem}',
  'main{max-width:48rem;margin:1.5rem auto;padding:0 .75rem}',
  'h1{font-size:1.5rem;margin:0 0 .5rem}.soft{color:#5E5668}',
  '.card{background:#fff;border:1px solid #E9E3EC;border-radius:16px;box-shadow:0 2px 10px rgba(42,36,51,.06);padding:1rem 1.25rem;margin:0 0 .75rem}',
  '.meta{display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-size:.875rem;color:#5E5668;margin:0 0 .5rem}.meta bdi{white-space:nowrap}',
  '.chip{border-radius:10px;padding:0 .5rem;font-weight:600;color:#fff;background:#0F8A8A}.chip.over{background:#5E5668}',
  'ol.transcript{margin:0 0 .75rem;padding-inline-start:1.25rem}ol.transcript .guest{color:#4E43C0}',
  '.prompt{background:#E6F4F4;border-radius:10px;padding:.5rem .75rem;margin:0 0 .75rem}',
  'form{display:inline-flex;flex-wrap:wrap;gap:.5rem;margin:0 .5rem .5rem 0}',
  '.keypad{display:grid;grid-template-columns:repeat(3,3.5rem);gap:.5rem;margin:0 0 .75rem}',
  'button{min-height:44px;min-width:44px;border-radius:10px;border:1px solid #6457E6;background:#fff;color:#4E43C0;font:inherit;font-weight:600;cursor:pointer;padding:0 1rem}',
  'button.primary{background:#6457E6;color:#fff}',
  'input{min-height:44px;border-radius:10px;border:1px solid #5E5668;font:inherit;padding:0 .75rem;width:6rem;margin-inline-start:.5rem}',
].join('');

const langOfQuery = (query: unknown): Lang => {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return isLang(lang) ? lang : DEFAULT_LANG;
};
const timeOf = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(lang, { timeZone: 'Asia/Jerusalem', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

const callCard = (call: SandboxCallView, t: SandboxCallsTexts, lang: Lang) => {
  const over = FINAL.has(call.status);
  const action = (step: Step) => `${SANDBOX_CALLS_PAGE_PATH}/${encodeURIComponent(call.id)}/${step}?lang=${lang}`;
  const lines = call.transcript
    .map((line) => `<li class="${line.who}"><b>${escapeHtml(line.who === 'call' ? t.call : t.guest)}:</b> <span dir="auto">${escapeHtml(line.text)}</span></li>`)
    .join('');
  let controls = '';
  if (call.mode !== 'manual' && !over) {
    controls = `<form method="post" action="${escapeHtml(action('takeover'))}"><button type="submit" class="primary">${escapeHtml(t.takeOver)}</button></form>`;
  }
  if (call.mode === 'manual' && !over) {
    const prompt = call.prompt?.say.length ? `<div class="prompt"><b>${escapeHtml(t.prompt)}:</b> <span dir="auto">${escapeHtml(call.prompt.say.join(' '))}</span></div>` : '';
    const answer = call.status !== 'in-progress' ? `<form method="post" action="${escapeHtml(action('answer'))}"><button type="submit" class="primary">${escapeHtml(t.answer)}</button></form>` : '';
    const gather = call.status === 'in-progress' ? call.prompt?.gather : null;
    // A number of several digits (a count up to 20) is typed whole and sent with #, as a phone ends it; one key is a tap.
    const keypad = !gather
      ? ''
      : gather.numDigits > 1
        ? `<form method="post" action="${escapeHtml(action('keys'))}" dir="ltr" aria-label="${escapeHtml(t.keypad)}"><label>${escapeHtml(t.number)} ` +
          `<input name="digits" inputmode="numeric" pattern="[0-9]{1,${gather.numDigits}}#?" maxlength="${gather.numDigits + 1}" required autofocus></label>` +
          `<button type="submit" class="primary">${escapeHtml(t.send)}</button></form>`
        : `<form method="post" action="${escapeHtml(action('keys'))}" class="keypad" aria-label="${escapeHtml(t.keypad)}" dir="ltr">${['1', '2', '3', '4', '5', '6', '7', '8', '9', '0']
            .map((d) => `<button type="submit" name="digits" value="${d}">${d}</button>`)
            .join('')}</form>`;
    controls = `${prompt}${keypad}${answer}<form method="post" action="${escapeHtml(action('hangup'))}"><button type="submit">${escapeHtml(t.hangUp)}</button></form>`;
  }
  return `<article class="card" data-call-id="${escapeHtml(call.id)}" data-status="${escapeHtml(call.status)}">
<p class="meta"><span class="chip${over ? ' over' : ''}">${escapeHtml(t.statuses[call.status] ?? call.status)}</span>
<span>${escapeHtml(t.to)}: <bdi dir="ltr">${escapeHtml(call.to)}</bdi></span>
<span>${escapeHtml(t.at)}: <bdi>${escapeHtml(timeOf(call.createdAt, lang))}</bdi></span>
<span>${escapeHtml(call.mode === 'manual' ? t.manual : t.auto)}</span> <bdi dir="ltr" class="soft">${escapeHtml(call.id)}</bdi></p>
${lines ? `<ol class="transcript">${lines}</ol>` : ''}${controls}</article>`;
};

const pageHtml = (lang: Lang, calls: SandboxCallView[]) => {
  const t = SANDBOX_CALLS_TEXTS[lang];
  // A manual call waiting for keys is the tester's: no refresh then (it would wipe a number being typed).
  const typing = calls.some((call) => call.mode === 'manual' && call.status === 'in-progress' && call.prompt?.gather);
  const active = !typing && calls.some((call) => !FINAL.has(call.status));
  const list = calls.length ? calls.map((call) => callCard(call, t, lang)).join('\n') : `<p class="card">${escapeHtml(t.empty)}</p>`;
  // Calls move on their own: the page follows them while any is not over (no script: the page's policy allows none).
  const refresh = active ? '<meta http-equiv="refresh" content="3">' : '';
  return `<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">${refresh}<title>${escapeHtml(t.title)}</title><style>${CSS}</style></head>
<body><div class="ribbon">${escapeHtml(t.notice)}</div><main><h1>${escapeHtml(t.title)}</h1>
<p class="soft">${escapeHtml(t.intro)} <a href="/dev/sandbox?lang=${lang}">${escapeHtml(t.messages)}</a></p>
${list}</main></body></html>`;
};

const formSchema = z.object({ digits: z.string().optional() });
const pageQuerySchema = z.object({ lang: z.string().optional(), limit: z.coerce.number().int().min(1).max(MAX_SHOWN).default(DEFAULT_SHOWN) });

/** Development only: `/dev/sandbox/calls`, the page that plays a sandbox call step by step (outside /api). */
export const registerSandboxCallPage = async (app: AppInstance): Promise<void> => {
  if (app.ctx.config.nodeEnv === 'production') return;
  await app.register(async (scope: FastifyInstance) => {
    const typed = scope as unknown as AppInstance;
    const { ctx } = typed;
    typed.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    typed.get(SANDBOX_CALLS_PAGE_PATH, { schema: { hide: true, querystring: pageQuerySchema }, onRequest: onlyThisMachine }, async (request, reply) => {
      const lang = langOfQuery(request.query);
      const calls = isSandboxVoiceProvider(ctx.voice) ? (await ctx.voice.list(request.query.limit)).map(viewOf) : [];
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(pageHtml(lang, calls));
    });

    const step = (name: Step) =>
      typed.post(
        `${SANDBOX_CALLS_PAGE_PATH}/:callId/${name}`,
        { schema: { hide: true, params: callParamsSchema, body: formSchema.optional() }, onRequest: onlyThisMachine },
        async (request, reply) => {
          const lang = langOfQuery(request.query);
          const digits = request.body?.digits ?? '';
          if (name === 'keys' && !sandboxCallKeysSchema.safeParse({ digits }).success) throw new AppError('VALIDATION', 'digits');
          await playStep(ctx, request.params.callId, name, digits);
          return reply.code(303).redirect(`${SANDBOX_CALLS_PAGE_PATH}?lang=${lang}`);
        },
      );
    step('takeover');
    step('answer');
    step('keys');
    step('hangup');
  });
};

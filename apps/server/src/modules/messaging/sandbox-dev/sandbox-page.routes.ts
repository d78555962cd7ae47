import { z } from 'zod';
import { DEFAULT_LANG, directionOf, isLang, sandboxReplySchema, type Lang } from '@magiim/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app.js';
import { AppError } from '../../../platform/errors.js';
import type { SandboxSentRecord } from '../../../providers/messaging/sandbox-record.js';
import { isLoopbackAddress } from '../../../platform/loopback.js';
import { SANDBOX_PAGE_TEXTS, type SandboxPageTexts } from './sandbox-page-texts.js';
import { playSandboxReply } from './sandbox-reply.service.js';

export const SANDBOX_PAGE_PATH = '/dev/sandbox';
/** The page shows this many of the newest messages unless asked for up to MAX. */
const DEFAULT_SHOWN = 100;
const MAX_SHOWN = 500;
const OPT_OUT_REPLY = 'הסר';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Tokens of docs/design.md (canvas, paper, ink, primary, rose, line; radius 10/16; 44 px targets).
const CSS = [
  '*{box-sizing:border-box}',
  'body{margin:0;background:#FBF8F5;color:#2A2433;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Hebrew","Noto Sans Arabic",Arial,sans-serif}',
  '.ribbon{background:#B73E63;color:#fff;text-align:center;font-weight:600;padding:.5rem 1rem}',
  'main{max-width:48rem;margin:1.5rem auto;padding:0 .75rem}',
  'h1{font-size:1.5rem;margin:0 0 .5rem}.soft{color:#5E5668}',
  '.card{background:#fff;border:1px solid #E9E3EC;border-radius:16px;box-shadow:0 2px 10px rgba(42,36,51,.06);padding:1rem 1.25rem;margin:0 0 .75rem}',
  '.meta{display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-size:.875rem;color:#5E5668;margin:0 0 .5rem}.meta bdi{white-space:nowrap}',
  '.chip{border-radius:10px;padding:0 .5rem;font-weight:600;color:#fff}.ch3{background:#1E8E5A}.ch1{background:#6457E6}',
  '.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 .75rem}',
  'form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}label{flex-basis:100%;font-size:.875rem}',
  'input[type=text]{flex:1 1 12rem;min-height:44px;border:1px solid #E9E3EC;border-radius:10px;padding:0 .75rem;font:inherit}',
  'button{min-height:44px;border-radius:10px;border:1px solid #6457E6;background:#fff;color:#4E43C0;font:inherit;font-weight:600;cursor:pointer;padding:0 1rem}',
  'button.primary{background:#6457E6;color:#fff}',
  '.choices{margin-top:.5rem}',
  '.status{border-radius:10px;padding:.5rem .75rem;margin:0 0 .75rem;background:#E8F5EE}.status.bad{background:#FBE9EE}',
].join('');

const langOfQuery = (query: unknown): Lang => {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return isLang(lang) ? lang : DEFAULT_LANG;
};

const timeOf = (iso: string, lang: Lang) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { timeZone: 'Asia/Jerusalem', dateStyle: 'short', timeStyle: 'medium' }).format(date);
};

/** The taps WhatsApp would show under the message (an invitation's quick replies, a list's rows). */
const choicesForm = (record: SandboxSentRecord, action: string, t: SandboxPageTexts) => {
  if (record.channel !== 3 || !record.choices?.length) return '';
  const buttons = record.choices
    .map((choice) => `<button type="submit" name="choice" value="${escapeHtml(choice.payload)}" dir="auto">${escapeHtml(choice.title)}</button>`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}" class="choices" aria-label="${escapeHtml(t.tapAs)}">
<input type="hidden" name="to" value="${escapeHtml(record.to)}"><input type="hidden" name="channel" value="3">
<span class="soft">${escapeHtml(t.tapAs)}</span>${buttons}</form>`;
};

const messageCard = (record: SandboxSentRecord, t: SandboxPageTexts, lang: Lang) => {
  const channel = record.channel === 3 ? t.whatsapp : t.sms;
  const action = `${SANDBOX_PAGE_PATH}/reply?lang=${lang}`;
  const field = `reply-${escapeHtml(record.outboxId)}-${record.channel}`;
  return `<article class="card" data-outbox-id="${escapeHtml(record.outboxId)}">
<p class="meta"><span class="chip ch${record.channel}">${escapeHtml(channel)}</span>
<span>${escapeHtml(t.to)}: <bdi dir="ltr">${escapeHtml(record.to)}</bdi></span>
<span>${escapeHtml(t.at)}: <bdi>${escapeHtml(timeOf(record.at, lang))}</bdi></span>
<span>${escapeHtml(t.outboxId)}: <bdi dir="ltr">${escapeHtml(record.outboxId)}</bdi></span></p>
<p class="text" dir="auto">${escapeHtml(record.text)}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="to" value="${escapeHtml(record.to)}"><input type="hidden" name="channel" value="${record.channel}">
<label for="${field}">${escapeHtml(t.replyLabel)}</label>
<input type="text" id="${field}" name="text" dir="auto" maxlength="1000" placeholder="${escapeHtml(t.replyPlaceholder)}">
<button type="submit" class="primary">${escapeHtml(t.send)}</button>
<button type="submit" name="preset" value="${OPT_OUT_REPLY}">${escapeHtml(t.optOut)}</button>
</form>${choicesForm(record, action, t)}</article>`;
};

const pageHtml = (lang: Lang, records: SandboxSentRecord[], status: 'replied' | 'refused' | null, shown: number) => {
  const t = SANDBOX_PAGE_TEXTS[lang];
  const banner = status ? `<p class="status${status === 'refused' ? ' bad' : ''}" role="status">${escapeHtml(status === 'refused' ? t.refused : t.replied)}</p>` : '';
  const more = shown < MAX_SHOWN && records.length >= shown ? `<p><a href="${SANDBOX_PAGE_PATH}?lang=${lang}&amp;limit=${MAX_SHOWN}">${escapeHtml(t.showAll)}</a></p>` : '';
  const list = records.length ? records.map((record) => messageCard(record, t, lang)).join('\n') : `<p class="card">${escapeHtml(t.empty)}</p>`;
  return `<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.title)}</title><style>${CSS}</style></head>
<body><div class="ribbon">${escapeHtml(t.notice)}</div><main><h1>${escapeHtml(t.title)}</h1>
<p class="soft">${escapeHtml(t.intro(records.length))}</p>${banner}
${list}
${more}</main></body></html>`;
};

const pageQuerySchema = z.object({
  lang: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SHOWN).default(DEFAULT_SHOWN),
  replied: z.string().optional(),
  refused: z.string().optional(),
});

const formSchema = z.object({
  to: z.string().optional(),
  channel: z.string().optional(),
  text: z.string().optional(),
  preset: z.string().optional(),
  choice: z.string().optional(),
});

const choiceTitleOf = async (ctx: AppInstance['ctx'], to: string | undefined, payload: string): Promise<string | undefined> => {
  const records = ctx.messaging.sandbox ? await ctx.messaging.sandbox.record.listNewest(MAX_SHOWN) : [];
  return records.find((record) => record.to === to && record.choices?.some((c) => c.payload === payload))?.choices?.find((c) => c.payload === payload)?.title;
};

const onlyThisMachine = async (request: FastifyRequest) => {
  if (!isLoopbackAddress(request.ip)) throw new AppError('NOT_FOUND', 'not found');
};

/**
 * The dev tools page `/dev/sandbox` (outside /api; never in production, this machine only): the sandbox's sent
 * messages, newest first, each with a form to reply as the guest.
 */
export const registerSandboxDevPage = async (app: AppInstance) => {
  if (app.ctx.config.nodeEnv === 'production') return;
  await app.register(async (scope: FastifyInstance) => {
    const typed = scope as unknown as AppInstance;
    const { ctx } = typed;
    typed.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    typed.get(SANDBOX_PAGE_PATH, { schema: { hide: true, querystring: pageQuerySchema }, onRequest: onlyThisMachine }, async (request, reply) => {
      const lang = langOfQuery(request.query);
      const records = ctx.messaging.sandbox ? await ctx.messaging.sandbox.record.listNewest(request.query.limit) : [];
      const status = request.query.refused ? 'refused' : request.query.replied ? 'replied' : null;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(pageHtml(lang, records, status, request.query.limit));
    });

    typed.post(`${SANDBOX_PAGE_PATH}/reply`, { schema: { hide: true, body: formSchema }, onRequest: onlyThisMachine }, async (request, reply) => {
      const lang = langOfQuery(request.query);
      const form = request.body;
      // A tap sends its payload and, as WhatsApp does, its title as the text (the record knows the title).
      const choice = form.choice ? await choiceTitleOf(ctx, form.to, form.choice) : undefined;
      const parsed = sandboxReplySchema.safeParse({
        to: form.to,
        channel: Number(form.channel),
        text: choice ?? form.preset ?? form.text ?? '',
        ...(form.choice ? { payload: form.choice } : {}),
      });
      let outcome = 'refused';
      if (parsed.success) {
        try {
          await playSandboxReply(ctx, parsed.data);
          outcome = 'replied';
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
        }
      }
      return reply.code(303).redirect(`${SANDBOX_PAGE_PATH}?lang=${lang}&${outcome}=1`);
    });
  });
};

import QRCode from 'qrcode';
import { ensureCheckinCode } from '../../checkin/public.js';
import type { CheckinPass } from './invite-page.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANG,
  INVITE_TOKEN_PATTERN,
  isLang,
  MSG,
  publicRsvpAnswerSchema,
  rsvpAnswerSchema,
  SHORT_CODE_PATTERN,
  type InvitePageDto,
  type Lang,
} from '@magiim/shared';
import type { AppInstance } from '../../../app.js';
import { isDatabaseUnavailable } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { RateLimitedError } from '../../rate-limits/rate-limiter.js';
import { lookupsOf, visitOf } from '../invitations.routes.js';
import * as invitations from '../invitations.service.js';
import { approvedGiftLinkOf } from '../gift-link.service.js';
import { inviteTokenHashOf } from '../../events/invite-links.js';
import { resolveShortCode } from '../short-links.js';
import {
  answerInputOf,
  fieldErrorsOf,
  formValuesOf,
  initialFormValues,
  publicAnswerInputOf,
  zodIssuesOf,
  type AnswerFormErrors,
  type AnswerFormValues,
} from './answer-form-values.js';
import type { AnswerOutcome } from './answer-form.js';
import { eventIcs } from './calendar-links.js';
import { CLIENT_ASSETS_PATH, loadClientScript } from './client-script.js';
import { createCompressedPageCache } from './compressed-page-cache.js';
import { inviteDocument, messageDocument, navigateDocument } from './page-documents.js';
import { calendarInputOf, type PagePaths } from './page-facts.js';
import { PAGE_CSS_HASH } from './page-styles.js';

type PageKind = 'personal' | 'public' | 'preview';

const PATHS: Record<PageKind, (token: string) => PagePaths> = {
  personal: (token) => ({ invite: `/invite/${token}`, navigate: `/navigate/${token}` }),
  public: (token) => ({ invite: `/invite/p/${token}`, navigate: `/navigate/p/${token}` }),
  preview: (token) => ({ invite: `/preview/invite/${token}`, navigate: `/preview/navigate/${token}` }),
};

/** Preview links are in the token alphabet (see preview-links.ts); anything else is refused before the service sees it. */
const PREVIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{40,120}$/;
const FORM_BODY_LIMIT = 16 * 1024;

type TokenRequest = FastifyRequest<{ Params: { token: string }; Querystring: { lang?: string } }>;

const queryLangOf = (request: TokenRequest): Lang | undefined => {
  const lang = request.query.lang;
  return isLang(lang) ? lang : undefined;
};

/** For pages without an event (an invalid link): ?lang, else the browser's first language we speak, else Hebrew. */
const fallbackLangOf = (request: FastifyRequest): Lang => {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isLang(query)) return query;
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find((lang): lang is Lang => isLang(lang)) ?? DEFAULT_LANG;
};

const notFound = () => new AppError('NOT_FOUND', 'invitation not found');

const tokenOf = (request: TokenRequest, kind: PageKind): string => {
  const { token } = request.params;
  if (!(kind === 'preview' ? PREVIEW_TOKEN_PATTERN : INVITE_TOKEN_PATTERN).test(token)) throw notFound();
  return token;
};

/** Answers the service refuses that the form shows beside its fields (anything else is an error page). */
const formErrorsOf = (error: unknown): AnswerFormErrors | null => {
  if (error instanceof RateLimitedError) {
    return { fields: {}, form: { key: 'err_RATE_LIMITED', minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) } };
  }
  if (!(error instanceof AppError)) return null;
  switch (error.code) {
    case 'VALIDATION':
      return { fields: fieldErrorsOf(error.issues ?? [{ path: 'status', message: MSG.invalidValue }]), form: null };
    case 'SPLIT_NOT_MATCHING':
      return { fields: { split: MSG.splitNotMatching }, form: null };
    case 'RESPONDERS_ABOVE_INVITEES':
      return { fields: fieldErrorsOf(error.issues ?? [{ path: 'attending', message: MSG.respondersAboveInvitees }]), form: null };
    case 'INVALID_PHONE':
      return { fields: { phoneNumber: MSG.invalidPhone }, form: null };
    case 'ANSWERS_CLOSED':
      return { fields: {}, form: { key: 'err_ANSWERS_CLOSED' } };
    case 'INVITEE_LIMIT_REACHED':
      return { fields: {}, form: { key: 'err_INVITEE_LIMIT_REACHED' } };
    default:
      return null;
  }
};

/**
 * The guest's pages as server-rendered HTML (spec §2 routes), in their own scope: the form body parser, the
 * page policy and the HTML error pages apply here and nowhere else.
 */
export const registerInvitePages = async (app: AppInstance): Promise<void> => {
  const { ctx } = app;
  const appUrl = ctx.config.appUrl;
  const script = await loadClientScript();

  // Event images may live on another origin (object storage): the policy names it.
  const imageOrigin = new URL(ctx.storage.urlFor('probe'), appUrl).origin;
  const imageSources = imageOrigin === new URL(appUrl).origin ? "'self' data:" : `'self' data: ${imageOrigin}`;
  const policy = (frameAncestors: string) =>
    [
      "default-src 'none'",
      "script-src 'self'",
      `style-src ${PAGE_CSS_HASH}`,
      `img-src ${imageSources}`,
      "form-action 'self'",
      "base-uri 'none'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; ');
  const pagePolicy = policy("'none'");
  // The host's previews are shown by the app in an iframe of the same origin.
  const previewPolicy = policy("'self'");
  const framable = new WeakSet<FastifyReply>();
  const pages = createCompressedPageCache();

  const sendHtml = (reply: FastifyReply, status: number, lang: Lang, html: string | Buffer, headers: Record<string, string> = {}) =>
    reply
      .code(status)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        // The page holds the guest's answer, and its URL is the guest's secret.
        'cache-control': 'no-store',
        'x-robots-tag': 'noindex, nofollow',
        'content-language': lang,
        ...headers,
      })
      .send(html);

  /** The approved gift link, looked up only for a guest who answered they are coming (issue 21). */
  const giftLinkFor = async (request: FastifyRequest, kind: PageKind, token: string, page: InvitePageDto): Promise<string | null> => {
    if (kind === 'preview' || page.answer?.status !== 'approved') return null;
    const hash = inviteTokenHashOf(ctx.config.secrets.tokenPepper, token);
    // The request's page read already found the link: no second lookup.
    const lookups = lookupsOf(request);
    const found = kind === 'personal' ? await lookups.personal(ctx, hash) : await lookups.public(ctx, hash);
    return found ? approvedGiftLinkOf(ctx, found.event.id) : null;
  };

  /** Issue 31: a personal guest who is coming gets their check-in code (and its QR) on the page. */
  const checkinFor = async (request: FastifyRequest, kind: PageKind, token: string, page: InvitePageDto): Promise<CheckinPass | null> => {
    if (kind !== 'personal' || page.answer?.status !== 'approved') return null;
    // The same request-scoped read as the page's and the gift link's.
    const found = await lookupsOf(request).personal(ctx, inviteTokenHashOf(ctx.config.secrets.tokenPepper, token));
    if (!found) return null;
    const code = await ensureCheckinCode(ctx, found.event.id, found.guest.id);
    return { code, svg: await QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
  };

  const sendInvite = async (
    reply: FastifyReply,
    kind: PageKind,
    token: string,
    page: InvitePageDto,
    options: { status?: number; values?: AnswerFormValues; errors?: AnswerFormErrors | null; outcome?: AnswerOutcome; headers?: Record<string, string> } = {},
  ) => {
    if (kind === 'preview') framable.add(reply);
    const giftLink = await giftLinkFor(reply.request, kind, token, page);
    const checkin = await checkinFor(reply.request, kind, token, page);
    const render = () =>
      inviteDocument({
        page,
        paths: PATHS[kind](token),
        appUrl,
        scriptSrc: script.url,
        ...(options.values ? { values: options.values } : {}),
        errors: options.errors ?? null,
        outcome: options.outcome ?? null,
        giftLink,
        checkin,
      });
    if (options.values || options.errors || options.outcome) return sendHtml(reply, options.status ?? 200, page.lang, render(), options.headers);
    // A plain page open: served from the cache of compressed pages when this exact page was rendered before.
    const encoding = pages.encodingFor(reply.request.headers['accept-encoding']);
    const body = pages.get(`${kind}\n${token}\n${JSON.stringify(page)}\n${giftLink ?? ''}\n${checkin?.code ?? ''}`, render, encoding);
    return sendHtml(reply, options.status ?? 200, page.lang, body, {
      vary: 'accept-encoding',
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      ...options.headers,
    });
  };

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    });

    // Runs after the app-wide security headers: these pages get their own, stricter policy.
    scope.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) {
        const frame = framable.has(reply);
        reply.header('content-security-policy', frame ? previewPolicy : pagePolicy);
        if (frame) reply.header('x-frame-options', 'SAMEORIGIN');
      }
      done(null, payload);
    });

    scope.setErrorHandler((error, request, reply) => {
      const lang = fallbackLangOf(request);
      if (error instanceof RateLimitedError) {
        const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
        return sendHtml(reply, 429, lang, messageDocument({ lang, appUrl, title: 'rateLimitedTitle', body: 'rateLimitedBody', values: { minutes } }), error.headers());
      }
      if (error instanceof AppError && error.code === 'PUBLIC_LINK_CLOSED') {
        return sendHtml(reply, 403, lang, messageDocument({ lang, appUrl, title: 'publicClosedTitle', body: 'publicClosedBody' }));
      }
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        return sendHtml(reply, 404, lang, messageDocument({ lang, appUrl, title: 'notFoundTitle', body: 'notFoundBody' }));
      }
      const status = error instanceof AppError ? error.status : ((error as { statusCode?: number }).statusCode ?? 500);
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ req: request, err: error }, 'database unavailable');
        return sendHtml(reply, 503, lang, messageDocument({ lang, appUrl, title: 'failedTitle', body: 'failedBody' }), { 'retry-after': '1' });
      }
      if (status >= 500) request.log.error({ req: request, err: error }, 'guest page failed');
      return sendHtml(reply, status >= 400 && status < 600 ? status : 500, lang, messageDocument({ lang, appUrl, title: 'failedTitle', body: 'failedBody' }));
    });

    const hide = { schema: { hide: true } };

    scope.get(`${CLIENT_ASSETS_PATH}/:file`, hide, async (request, reply) => {
      if ((request.params as { file: string }).file !== script.fileName) throw notFound();
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(script.code);
    });

    // Pages.
    scope.get('/invite/:token', hide, async (request: TokenRequest, reply) => {
      const token = tokenOf(request, 'personal');
      const page = await invitations.getPersonalPage(ctx, token, queryLangOf(request), visitOf(request));
      return sendInvite(reply, 'personal', token, page);
    });
    scope.get('/invite/p/:token', hide, async (request: TokenRequest, reply) => {
      const token = tokenOf(request, 'public');
      const page = await invitations.getPublicPage(ctx, token, queryLangOf(request), visitOf(request));
      return sendInvite(reply, 'public', token, page);
    });
    scope.get('/preview/invite/:token', hide, async (request: TokenRequest, reply) => {
      const token = tokenOf(request, 'preview');
      const page = await invitations.getPreviewPage(ctx, token, queryLangOf(request));
      return sendInvite(reply, 'preview', token, page);
    });

    // Short links in messages (SMS parts cost money): the same rate limit on misses as the full links, then the page.
    const shortLink = (target: 'invite' | 'navigate') =>
      async (request: FastifyRequest<{ Params: { code: string }; Querystring: { lang?: string } }>, reply: FastifyReply) => {
        const { code } = request.params;
        if (!SHORT_CODE_PATTERN.test(code)) throw notFound();
        const token = await resolveShortCode(ctx, code, request.ip);
        const lang = isLang(request.query.lang) ? `?lang=${request.query.lang}` : '';
        return reply.code(302).headers({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' }).redirect(`/${target}/${token}${lang}`);
      };
    scope.get('/i/:code', hide, shortLink('invite'));
    scope.get('/n/:code', hide, shortLink('navigate'));

    const navigate = (kind: PageKind, load: (token: string, request: TokenRequest) => Promise<InvitePageDto>) =>
      async (request: TokenRequest, reply: FastifyReply) => {
        const token = tokenOf(request, kind);
        const page = await load(token, request);
        if (kind === 'preview') framable.add(reply);
        const checkin = await checkinFor(request, kind, token, page);
        return sendHtml(reply, 200, page.lang, navigateDocument({ page, paths: PATHS[kind](token), appUrl, checkin }));
      };
    scope.get('/navigate/:token', hide, navigate('personal', (token, request) => invitations.getPersonalPage(ctx, token, queryLangOf(request), visitOf(request))));
    scope.get('/navigate/p/:token', hide, navigate('public', (token, request) => invitations.getPublicPage(ctx, token, queryLangOf(request), visitOf(request))));
    scope.get('/preview/navigate/:token', hide, navigate('preview', (token, request) => invitations.getPreviewPage(ctx, token, queryLangOf(request))));

    // Add to calendar: the event as an .ics file (no view counted).
    const calendar = (kind: PageKind, load: (token: string, request: TokenRequest) => Promise<InvitePageDto>) =>
      async (request: TokenRequest, reply: FastifyReply) => {
        const token = tokenOf(request, kind);
        const page = await load(token, request);
        return reply
          .type('text/calendar; charset=utf-8')
          .headers({ 'content-disposition': 'attachment; filename="invitation.ics"', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' })
          .send(eventIcs(calendarInputOf(page, PATHS[kind](token), appUrl)));
      };
    scope.get('/invite/:token/calendar.ics', hide, calendar('personal', (token, request) => invitations.getPersonalPage(ctx, token, queryLangOf(request), visitOf(request, false))));
    scope.get('/invite/p/:token/calendar.ics', hide, calendar('public', (token, request) => invitations.getPublicPage(ctx, token, queryLangOf(request), visitOf(request, false))));
    scope.get('/preview/invite/:token/calendar.ics', hide, calendar('preview', (token, request) => invitations.getPreviewPage(ctx, token, queryLangOf(request))));

    // Answers: a plain form POST re-renders the page with the thank-you, or with the errors and everything typed.
    /** Re-renders the page with what the guest sent and why it was refused; anything else goes to the error page. */
    const refuseWith =
      (reply: FastifyReply, kind: 'personal' | 'public', token: string, reload: () => Promise<InvitePageDto>, values?: AnswerFormValues) =>
      async (error: unknown) => {
        const errors = formErrorsOf(error);
        if (!errors) throw error;
        const status = error instanceof AppError ? error.status : 400;
        const headers = error instanceof AppError ? error.headers() : {};
        return sendInvite(reply, kind, token, await reload(), { status, errors, headers, ...(values ? { values } : {}) });
      };
    const formOf = (request: TokenRequest) => formValuesOf(request.body instanceof URLSearchParams ? request.body : new URLSearchParams());

    scope.post('/invite/:token', hide, async (request: TokenRequest, reply) => {
      const token = tokenOf(request, 'personal');
      const lang = queryLangOf(request);
      const visit = visitOf(request, false);
      const values = formOf(request);
      const refuse = refuseWith(reply, 'personal', token, () => invitations.getPersonalPage(ctx, token, lang, visit), values);
      const parsed = rsvpAnswerSchema.safeParse(answerInputOf(values));
      if (!parsed.success) return refuse(new AppError('VALIDATION', 'invalid input', zodIssuesOf(parsed.error)));
      try {
        const transportUnchosen = !(request.body instanceof URLSearchParams && request.body.has('transport'));
        const { page } = await invitations.answerPersonal(ctx, token, parsed.data, lang, visit, { transportUnchosen });
        return sendInvite(reply, 'personal', token, page, { outcome: 'saved' });
      } catch (error) {
        return refuse(error);
      }
    });

    scope.post('/invite/:token/wrong-number', hide, async (request: TokenRequest, reply) => {
      const token = tokenOf(request, 'personal');
      const lang = queryLangOf(request);
      const visit = visitOf(request, false);
      try {
        const page = await invitations.markWrongNumber(ctx, token, lang, visit);
        return sendInvite(reply, 'personal', token, page, { outcome: 'wrongNumber' });
      } catch (error) {
        return refuseWith(reply, 'personal', token, () => invitations.getPersonalPage(ctx, token, lang, visit))(error);
      }
    });

    // The page's opt-out: no more messages for this event to the guest's number, on any channel.
    scope.post('/invite/:token/stop-messages', hide, async (request: TokenRequest, reply) => {
      const token = tokenOf(request, 'personal');
      const lang = queryLangOf(request);
      const visit = visitOf(request, false);
      try {
        // The page first: an unknown link is refused (and counted) as every other page refuses it.
        const page = await invitations.getPersonalPage(ctx, token, lang, visit);
        await ctx.hooks.emit('guestPageOptOut', token);
        return sendInvite(reply, 'personal', token, page, { outcome: 'optedOut' });
      } catch (error) {
        return refuseWith(reply, 'personal', token, () => invitations.getPersonalPage(ctx, token, lang, visit))(error);
      }
    });

    scope.post('/invite/p/:token', hide, async (request: TokenRequest, reply) => {
      const token = tokenOf(request, 'public');
      const lang = queryLangOf(request);
      const visit = visitOf(request, false);
      const values = formOf(request);
      const refuse = refuseWith(reply, 'public', token, () => invitations.getPublicPage(ctx, token, lang, visit), values);
      const parsed = publicRsvpAnswerSchema.safeParse(publicAnswerInputOf(values));
      if (!parsed.success) return refuse(new AppError('VALIDATION', 'invalid input', zodIssuesOf(parsed.error)));
      try {
        const outcome = await invitations.answerPublic(ctx, token, parsed.data, visit);
        // The answer is stored in the language the guest chose for messages; the page stays in the one they read.
        const page =
          lang && outcome.page.lang !== lang ? { ...(await invitations.getPublicPage(ctx, token, lang, visit)), answer: outcome.page.answer } : outcome.page;
        const shown = { ...initialFormValues(page), fullName: values.fullName, phoneNumber: values.phoneNumber, lang: values.lang };
        // Every public answer reads "sent to the hosts": one kept for them to decide on is not the guest's answer yet,
        // and a page that differed from a new guest's would tell a stranger which phones are on the list.
        return sendInvite(reply, 'public', token, page, { outcome: 'held', values: shown });
      } catch (error) {
        return refuse(error);
      }
    });
  });
};

import { ANSWER_COMMENTS_MAX_LENGTH, MessageChannel, normalizePhone, SPECIAL_MEALS, type SpecialMeal } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import type { InboundReply, WhatsAppSessionApi } from '../../../providers/messaging/index.js';
import { personalInviteUrl } from '../../invitations/invite-links.js';
import { answerFromMessage, type MessageAnswer, type MessageAnswerOutcome } from '../../invitations/message-answers.js';
import { CONVERSATION_TEXTS, mealTitleOf, type ConversationTexts } from './conversation-texts.js';
import * as conversations from './conversations.repository.js';
import type { RepliedGuest } from './conversations.repository.js';
import { isOptOutText } from './opt-out-words.js';
import { optOutOfEvent } from './opt-outs.service.js';
import { findMessagedGuests, type Tx } from './opt-outs.repository.js';

/** A WhatsApp list holds at most this many rows; more invited than that type their number. */
const LIST_ROWS_MAX = 10;
/** Free-form WhatsApp messages may go until this long after the guest's own message. */
const WINDOW_MS = 24 * 60 * 60_000;
/** An SMS digit answers the invitation SMS that number got within this many days. */
const SMS_ANSWER_WITHIN_DAYS = 60;

type Payload =
  | { kind: 'rsvp'; status: MessageAnswer['status']; outboxId: string }
  | { kind: 'count'; count: number; outboxId: string }
  | { kind: 'meal'; meal: SpecialMeal | 'none'; outboxId: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const RSVP_PAYLOAD = new RegExp(`^rsvp:(approved|declined|maybe):(${UUID})$`, 'i');
const COUNT_PAYLOAD = new RegExp(`^count:(\\d{1,3}):(${UUID})$`, 'i');
const MEAL_PAYLOAD = new RegExp(`^meal:([a-z_]{1,30}):(${UUID})$`, 'i');

/** The quick reply or list row id we gave (`rsvp:approved:<outboxId>`, `count:3:<outboxId>`, `meal:vegan:<outboxId>`). */
export const parseReplyPayload = (payload: string | null | undefined): Payload | null => {
  if (!payload) return null;
  let match = RSVP_PAYLOAD.exec(payload);
  if (match) return { kind: 'rsvp', status: match[1]!.toLowerCase() as MessageAnswer['status'], outboxId: match[2]!.toLowerCase() };
  match = COUNT_PAYLOAD.exec(payload);
  if (match) return { kind: 'count', count: Number(match[1]), outboxId: match[2]!.toLowerCase() };
  match = MEAL_PAYLOAD.exec(payload);
  if (match) {
    const meal = match[1]!.toLowerCase();
    if (meal === 'none' || (SPECIAL_MEALS as readonly string[]).includes(meal)) return { kind: 'meal', meal: meal as SpecialMeal | 'none', outboxId: match[2]!.toLowerCase() };
  }
  return null;
};

/** Arabic-Indic and Persian digits read as 0–9. */
const westernDigits = (text: string) => text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) - 0x0660) % 0x90 % 10));

/** A whole message that is a number ("3", " 3 ", "٣"); null otherwise. */
export const typedNumberOf = (text: string): number | null => {
  const match = /^\s*(\d{1,4})\s*[.!]?\s*$/.exec(westernDigits(text.normalize('NFKC')));
  return match ? Number(match[1]) : null;
};

const SMS_DIGIT_ANSWERS: Record<number, MessageAnswer['status']> = { 1: 'approved', 2: 'declined', 3: 'maybe' };

// eslint-disable-next-line no-control-regex -- what a comment may not hold (as shared/schemas/text.ts): controls but the newline, bidi overrides
const NOT_IN_COMMENTS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const commentOf = (text: string): string => text.replace(/\r\n?/g, '\n').replace(NOT_IN_COMMENTS, '').trim().slice(0, ANSWER_COMMENTS_MAX_LENGTH);

const textsOf = (guest: RepliedGuest): ConversationTexts => CONVERSATION_TEXTS[guest.lang] ?? CONVERSATION_TEXTS.he;

const pageLinkOf = (ctx: AppContext, guest: RepliedGuest): string =>
  guest.inviteSalt ? personalInviteUrl(ctx.config.appUrl, ctx.config.secrets.tokenPepper, guest.inviteSalt) : ctx.config.appUrl;

/** A free-form WhatsApp message a reply's handling wants sent: collected, and sent only after its transaction commits. */
export type SessionMessage = { at: Date; send: (session: WhatsAppSessionApi) => Promise<unknown> };

/** One reply's handling: its transaction (every write of the reply commits together, with the webhook's key) and what to send after. */
type Turn = { ctx: AppContext; tx: Tx; reply: InboundReply; out: SessionMessage[] };

/** A free-form message inside the window the guest's message opened, sent after the commit (sendSessionMessages). */
const say = (turn: Turn, send: (session: WhatsAppSessionApi) => Promise<unknown>): void => {
  turn.out.push({ at: turn.reply.at, send });
};

/** Sends collected follow-ups (after the commit); one that fails is logged (the answer is already kept) and the rest go. */
export const sendSessionMessages = async (ctx: AppContext, messages: SessionMessage[]): Promise<void> => {
  for (const message of messages) {
    if (Date.now() - message.at.getTime() >= WINDOW_MS) continue;
    try {
      await message.send(ctx.messaging.whatsappSession);
    } catch (error) {
      ctx.logger.warn({ code: (error as { code?: unknown }).code ?? (error as Error).name }, 'WhatsApp follow-up message not sent');
    }
  }
};

/** The answer through the page's rules; answers closed: the guest is told, and nothing else happens. */
const answer = async (turn: Turn, guest: RepliedGuest, input: MessageAnswer, source: 'whatsapp' | 'sms') => {
  try {
    return await answerFromMessage(turn.ctx, guest.guestId, input, source, turn.tx);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'ANSWERS_CLOSED') throw error;
    if (source === 'whatsapp') say(turn, (session) => session.sendText(guest.phoneNumber, textsOf(guest).closed));
    turn.ctx.logger.info({ channel: turn.reply.channel }, 'answer from a message after answers closed; refused');
    return undefined;
  }
};

type Stage = 'rsvp' | 'count' | 'meal';

/** After a coming answer: how many (when more than one is invited), then the meals (when asked), then the confirmation. */
const askNext = async (turn: Turn, guest: RepliedGuest, outcome: MessageAnswerOutcome, outboxId: string, after: Stage) => {
  const { ctx, reply } = turn;
  const texts = textsOf(guest);
  const save = (step: conversations.ConversationStep | null) =>
    conversations.saveConversation(turn.tx, { guestId: guest.guestId, eventId: guest.eventId, phoneNumber: guest.phoneNumber, at: reply.at, step, outboxId });
  const max = outcome.guest.countOfInvites;
  if (after === 'rsvp' && max > 1) {
    await save('count');
    if (max > LIST_ROWS_MAX) return say(turn, (session) => session.sendText(guest.phoneNumber, texts.askCountTyped(max)));
    const rows = Array.from({ length: max }, (_, i) => ({ id: `count:${i + 1}:${outboxId}`, title: String(i + 1) }));
    return say(turn, (session) => session.sendList(guest.phoneNumber, { body: texts.askCount, button: texts.listButton, rows }));
  }
  if (after !== 'meal' && outcome.asksMeals) {
    await save('meals');
    const options = outcome.event.meals.options.filter((meal) => meal !== 'no_special_dish');
    const rows = [
      ...options.slice(0, LIST_ROWS_MAX - 1).map((meal) => ({ id: `meal:${meal}:${outboxId}`, title: mealTitleOf(meal, guest.lang) })),
      { id: `meal:none:${outboxId}`, title: texts.noSpecialMeal.slice(0, 24) },
    ];
    return say(turn, (session) => session.sendList(guest.phoneNumber, { body: texts.askMeals, button: texts.listButton, rows }));
  }
  await save(null);
  return say(turn, (session) => session.sendText(guest.phoneNumber, texts.coming(outcome.guest.attending ?? 1, pageLinkOf(ctx, guest))));
};

const applyCount = async (turn: Turn, guest: RepliedGuest, count: number, outboxId: string) => {
  if (count < 1 || count > guest.countOfInvites) {
    await conversations.touchConversation(turn.tx, guest.guestId, turn.reply.at);
    return say(turn, (session) => session.sendText(guest.phoneNumber, textsOf(guest).countOutOfRange(guest.countOfInvites)));
  }
  const outcome = await answer(turn, guest, { status: 'approved', attending: count }, 'whatsapp');
  if (outcome) await askNext(turn, guest, outcome, outboxId, 'count');
};

/** The step a count or meal choice answers; it applies only while the guest's open conversation waits for it, for the same message. */
const STEP_OF = { count: 'count', meal: 'meals' } as const;

const handlePayload = async (turn: Turn, from: string, payload: Payload): Promise<void> => {
  const { ctx, reply } = turn;
  const guest = await conversations.findGuestOfWhatsAppRow(turn.tx, payload.outboxId);
  // A tap names the message it answers: only that message's own number may answer for its guest.
  if (!guest || guest.phoneNumber !== from) {
    ctx.logger.info({ kind: payload.kind }, 'WhatsApp choice for a message of another number or none; ignored');
    return;
  }
  if (payload.kind !== 'rsvp') {
    const open = await conversations.findOpenConversation(turn.tx, from, reply.at);
    if (!open || open.guestId !== guest.guestId || open.step !== STEP_OF[payload.kind] || open.outboxId !== payload.outboxId) {
      ctx.logger.info({ kind: payload.kind }, 'WhatsApp choice for a question not waiting; ignored');
      return;
    }
  }
  switch (payload.kind) {
    case 'rsvp': {
      const outcome = await answer(turn, guest, { status: payload.status }, 'whatsapp');
      if (!outcome) return;
      if (payload.status === 'approved') return askNext(turn, guest, outcome, payload.outboxId, 'rsvp');
      await conversations.saveConversation(turn.tx, { guestId: guest.guestId, eventId: guest.eventId, phoneNumber: from, at: reply.at, step: null, outboxId: payload.outboxId });
      const texts = textsOf(guest);
      return say(turn, (session) => session.sendText(from, payload.status === 'declined' ? texts.declined : texts.maybe));
    }
    case 'count':
      return applyCount(turn, guest, payload.count, payload.outboxId);
    case 'meal': {
      const meals = payload.meal === 'none' ? {} : { [payload.meal]: 1 };
      const outcome = await answer(turn, guest, { status: 'approved', meals }, 'whatsapp');
      if (outcome) await askNext(turn, guest, outcome, payload.outboxId, 'meal');
      return;
    }
  }
};

/**
 * Whose comment a typed WhatsApp text is: the guest of the message it answers (its context, that number's own
 * message), else the open conversation's guest, else the one guest any event messaged at that number by WhatsApp.
 * With several events and nothing naming one, nobody's (never the latest guest across hosts).
 */
const commentGuestOf = async (turn: Turn, from: string, open: conversations.OpenConversation | undefined): Promise<string | undefined> => {
  const context = turn.reply.contextMessageId;
  if (context) {
    const guest = await conversations.findGuestOfWhatsAppMessage(turn.tx, context);
    if (guest && guest.phoneNumber === from) return guest.guestId;
  }
  if (open) return open.guestId;
  const messaged = await findMessagedGuests(turn.tx, from, MessageChannel.WHATSAPP);
  return messaged.length === 1 ? messaged[0]!.guestId : undefined;
};

/** Typed text on WhatsApp: the number a count question waits for, else a comment kept for the host. */
const handleWhatsAppText = async (turn: Turn, from: string): Promise<void> => {
  const { ctx, reply } = turn;
  const open = await conversations.findOpenConversation(turn.tx, from, reply.at);
  if (open?.step === 'count' && open.outboxId) {
    const count = typedNumberOf(reply.text);
    const guest = count === null ? undefined : await conversations.findGuest(turn.tx, open.guestId);
    if (guest && count !== null) return applyCount(turn, guest, count, open.outboxId);
  }
  const guestId = await commentGuestOf(turn, from, open);
  const comment = commentOf(reply.text);
  if (!guestId || comment === '') {
    ctx.logger.info({ channel: reply.channel }, 'WhatsApp text with no single guest it answers (a number we did not message, several events), or empty; ignored');
    return;
  }
  await conversations.appendGuestComment(turn.tx, guestId, comment, ANSWER_COMMENTS_MAX_LENGTH);
  if (open?.guestId === guestId) await conversations.touchConversation(turn.tx, guestId, reply.at);
  ctx.logger.info({ channel: reply.channel }, "guest's WhatsApp text kept as their comment");
};

/** An SMS 1 / 2 / 3 answers the invitation SMS to that number, when the invitation asked so (a numeric sender) and only one event sent one. */
const handleSmsText = async (turn: Turn, from: string): Promise<void> => {
  const { ctx, reply } = turn;
  const digit = typedNumberOf(reply.text);
  const status = digit === null ? undefined : SMS_DIGIT_ANSWERS[digit];
  if (!status || !ctx.config.sms.twoWay) {
    ctx.logger.info({ channel: reply.channel }, 'SMS reply that is not an opt-out or an answer; ignored');
    return;
  }
  const invited = await conversations.findSmsInvitedGuests(turn.tx, from, SMS_ANSWER_WITHIN_DAYS);
  if (invited.length === 0) {
    ctx.logger.info({ channel: reply.channel }, 'SMS answer from a number without a recent invitation SMS; ignored');
    return;
  }
  if (new Set(invited.map((guest) => guest.eventId)).size > 1) {
    ctx.logger.info({ channel: reply.channel, events: new Set(invited.map((guest) => guest.eventId)).size }, 'SMS answer from a number several events invited by SMS; nothing recorded');
    return;
  }
  const outcome = await answer(turn, invited[0]!, { status }, 'sms');
  if (outcome) ctx.logger.info({ channel: reply.channel, changed: outcome.changed }, 'SMS answer recorded');
};

/**
 * An opt-out word stops every message of each event that messaged the number by that channel (by any channel when
 * none did: a reply by SMS to a WhatsApp message still counts). On WhatsApp the guest is told once.
 */
const optOut = async (turn: Turn, from: string): Promise<void> => {
  const { ctx, reply } = turn;
  const byChannel = await findMessagedGuests(turn.tx, from, reply.channel);
  const messaged = byChannel.length > 0 ? byChannel : await findMessagedGuests(turn.tx, from, null);
  const via = reply.channel === MessageChannel.WHATSAPP ? 'whatsapp' : 'sms';
  let created = false;
  for (const guest of messaged) if (await optOutOfEvent(ctx, guest.eventId, guest.phoneNumber, via, turn.tx)) created = true;
  ctx.logger.info({ channel: reply.channel, events: messaged.length }, 'inbound opt-out recorded');
  if (!created || reply.channel !== MessageChannel.WHATSAPP || !messaged[0]) return;
  const guest = await conversations.findGuest(turn.tx, messaged[0].guestId);
  if (guest) say(turn, (session) => session.sendText(from, textsOf(guest).optedOut));
};

/**
 * A guest's message inside the caller's transaction; answers the WhatsApp messages to send once it commits
 * (sendSessionMessages), never while it is open.
 */
export const handleInboundReplyIn = async (ctx: AppContext, tx: Tx, reply: InboundReply): Promise<SessionMessage[]> => {
  const turn: Turn = { ctx, tx, reply, out: [] };
  await handleTurn(turn);
  return turn.out;
};

const handleTurn = async (turn: Turn): Promise<void> => {
  const { ctx, reply } = turn;
  const wantsOut = !reply.payload && isOptOutText(reply.text);
  const from = normalizePhone(reply.from);
  if (!from) {
    ctx.logger.warn({ channel: reply.channel }, 'inbound reply from a number we cannot read; ignored');
    return;
  }
  if (wantsOut) return optOut(turn, from);
  if (reply.channel === MessageChannel.SMS) return handleSmsText(turn, from);
  const payload = parseReplyPayload(reply.payload);
  if (payload) return handlePayload(turn, from, payload);
  if (reply.payload) {
    ctx.logger.info({ channel: reply.channel }, 'WhatsApp choice we do not know; ignored');
    return;
  }
  return handleWhatsAppText(turn, from);
};

/**
 * A guest's message from inside a channel. The opt-out word is checked first, before anything is looked up.
 * WhatsApp: a quick reply answers the invitation (then the follow-up questions inside the 24-hour window), a list
 * choice answers them, other text is kept as the guest's comment. SMS: 1 / 2 / 3 answer when the invitation asked
 * so; other text is logged (without the number or the text) and ignored. Its writes go in one transaction; the
 * follow-up messages are sent after it commits.
 */
export const handleInboundReply = async (ctx: AppContext, reply: InboundReply): Promise<void> => {
  const out = await ctx.db.transaction((tx) => handleInboundReplyIn(ctx, tx, reply));
  await sendSessionMessages(ctx, out);
};

import { randomUUID } from 'node:crypto';
import { ANSWER_COMMENTS_MAX_LENGTH, MessageChannel, normalizePhone, SPECIAL_MEALS, transportOptionLabels, type Lang, type SpecialMeal } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import type { InboundReply, WhatsAppSessionApi } from '../../../providers/messaging/index.js';
import { personalInviteUrl } from '../../events/invite-links.js';
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
  | { kind: 'meal'; meal: SpecialMeal | 'none'; outboxId: string }
  | { kind: 'ride'; needed: boolean; outboxId: string }
  | { kind: 'pickup'; point: number; outboxId: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const RSVP_PAYLOAD = new RegExp(`^rsvp:(approved|declined|maybe):(${UUID})$`, 'i');
const COUNT_PAYLOAD = new RegExp(`^count:(\\d{1,3}):(${UUID})$`, 'i');
const MEAL_PAYLOAD = new RegExp(`^meal:([a-z_]{1,30}):(${UUID})$`, 'i');
const RIDE_PAYLOAD = new RegExp(`^ride:(yes|no):(${UUID})$`, 'i');
const PICKUP_PAYLOAD = new RegExp(`^pickup:(\\d{1,2}):(${UUID})$`, 'i');

/**
 * The quick reply or list row id we gave (`rsvp:approved:<outboxId>`, `count:3:<outboxId>`, `meal:vegan:<outboxId>`,
 * `ride:yes:<outboxId>`, `pickup:2:<outboxId>` — the pickup point's number, from 1).
 */
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
  match = RIDE_PAYLOAD.exec(payload);
  if (match) return { kind: 'ride', needed: match[1]!.toLowerCase() === 'yes', outboxId: match[2]!.toLowerCase() };
  match = PICKUP_PAYLOAD.exec(payload);
  if (match) return { kind: 'pickup', point: Number(match[1]), outboxId: match[2]!.toLowerCase() };
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

/**
 * A follow-up message a reply's handling wants sent, collected and sent only after its transaction commits: a free-form
 * WhatsApp message inside the window the guest's message opened, or an SMS answering the guest's SMS.
 */
export type SessionMessage =
  | { at: Date; send: (session: WhatsAppSessionApi) => Promise<unknown> }
  | { at: Date; sms: { to: string; text: string; lang: Lang } };

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
      if ('sms' in message) {
        // A conversational SMS is no outbox row: its own id (its delivery report matches no row and is dropped).
        await ctx.messaging.sms.send({ outboxId: randomUUID(), channel: MessageChannel.SMS, to: message.sms.to, text: message.sms.text, lang: message.sms.lang, template: null });
      } else {
        await message.send(ctx.messaging.whatsappSession);
      }
    } catch (error) {
      ctx.logger.warn({ code: (error as { code?: unknown }).code ?? (error as Error).name, channel: 'sms' in message ? 'sms' : 'whatsapp' }, 'follow-up message not sent');
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

type Stage = 'rsvp' | 'count' | 'split' | 'meal' | 'transport';
const STAGE_ORDER: Record<Stage, number> = { rsvp: 0, count: 1, split: 2, meal: 3, transport: 4 };

/** The event's pickup points as this guest reads them, numbered one a line ("1. Tel Aviv, Arlozorov"). */
const pickupLinesOf = (outcome: MessageAnswerOutcome, guest: RepliedGuest): string[] =>
  transportOptionLabels(outcome.event.transport, guest.lang).map((label, i) => `${i + 1}. ${label}`);

/** The meals a follow-up offers (the event's special meals; "no special meal" is its own choice). */
const mealOptionsOf = (outcome: MessageAnswerOutcome): SpecialMeal[] => outcome.event.meals.options.filter((meal) => meal !== 'no_special_dish');

/** How the follow-up questions go out on the channel the guest answered by: WhatsApp lists, or SMS texts answered by a number. */
interface Asker {
  source: 'whatsapp' | 'sms';
  count: (max: number, outboxId: string) => void;
  meals: (outcome: MessageAnswerOutcome, outboxId: string) => void;
  ride: (outboxId: string) => void;
  pickup: (outcome: MessageAnswerOutcome, outboxId: string) => void;
  text: (text: string) => void;
}

const whatsappAsker = (turn: Turn, guest: RepliedGuest): Asker => {
  const texts = textsOf(guest);
  const to = guest.phoneNumber;
  const list = (body: string, rows: { id: string; title: string }[]) => say(turn, (session) => session.sendList(to, { body, button: texts.listButton, rows }));
  return {
    source: 'whatsapp',
    count: (max, outboxId) => {
      if (max > LIST_ROWS_MAX) return say(turn, (session) => session.sendText(to, texts.askCountTyped(max)));
      list(texts.askCount, Array.from({ length: max }, (_, i) => ({ id: `count:${i + 1}:${outboxId}`, title: String(i + 1) })));
    },
    meals: (outcome, outboxId) =>
      list(texts.askMeals, [
        ...mealOptionsOf(outcome).slice(0, LIST_ROWS_MAX - 1).map((meal) => ({ id: `meal:${meal}:${outboxId}`, title: mealTitleOf(meal, guest.lang) })),
        { id: `meal:none:${outboxId}`, title: texts.noSpecialMeal.slice(0, 24) },
      ]),
    ride: (outboxId) =>
      list(texts.askRide, [
        { id: `ride:yes:${outboxId}`, title: texts.rideYes.slice(0, 24) },
        { id: `ride:no:${outboxId}`, title: texts.rideNo.slice(0, 24) },
      ]),
    pickup: (outcome, outboxId) => {
      const lines = pickupLinesOf(outcome, guest);
      list(texts.askPickup(lines.join('\n')), lines.slice(0, LIST_ROWS_MAX).map((line, i) => ({ id: `pickup:${i + 1}:${outboxId}`, title: line.slice(0, 24) })));
    },
    text: (text) => say(turn, (session) => session.sendText(to, text)),
  };
};

const smsAsker = (turn: Turn, guest: RepliedGuest): Asker => {
  const texts = textsOf(guest);
  const sms = (text: string) => {
    turn.out.push({ at: turn.reply.at, sms: { to: guest.phoneNumber, text, lang: guest.lang } });
  };
  return {
    source: 'sms',
    count: (max) => sms(texts.askCountTyped(max)),
    meals: (outcome) =>
      sms(texts.smsAskMeals([...mealOptionsOf(outcome).map((meal, i) => `${i + 1}. ${mealTitleOf(meal, guest.lang)}`), `0. ${texts.noSpecialMeal}`].join('\n'))),
    ride: () => sms(texts.smsAskRide),
    pickup: (outcome) => sms(texts.smsAskPickup(pickupLinesOf(outcome, guest).join('\n'))),
    text: sms,
  };
};

/**
 * After a coming answer, what the guest's page asks (the page's rule, asksMealsOf / asksTransportOf): how many
 * (when more than one is invited), the meals (when asked), whether a ride is needed and from which pickup point
 * (when asked), then the confirmation with the page link (by SMS only when something was asked).
 */
const askNext = async (turn: Turn, guest: RepliedGuest, outcome: MessageAnswerOutcome, outboxId: string, after: Stage, asker: Asker) => {
  const { ctx, reply } = turn;
  const save = (step: conversations.ConversationStep | null) =>
    conversations.saveConversation(turn.tx, { guestId: guest.guestId, eventId: guest.eventId, phoneNumber: guest.phoneNumber, at: reply.at, step, outboxId });
  const max = outcome.guest.countOfInvites;
  if (after === 'rsvp' && max > 1) {
    await save('count');
    return asker.count(max, outboxId);
  }
  // Issue 32: the split of the people coming, typed (how many children, or women; the rest are the other).
  if (STAGE_ORDER[after] < STAGE_ORDER.split && outcome.asksSplit !== 'none' && (outcome.guest.attending ?? 0) > 0) {
    await save('split');
    const attending = outcome.guest.attending ?? 1;
    return asker.text(outcome.asksSplit === 'menWomen' ? textsOf(guest).askWomen(attending) : textsOf(guest).askChildren(attending));
  }
  if (STAGE_ORDER[after] < STAGE_ORDER.meal && outcome.asksMeals && mealOptionsOf(outcome).length > 0) {
    await save('meals');
    return asker.meals(outcome, outboxId);
  }
  if (STAGE_ORDER[after] < STAGE_ORDER.transport && outcome.asksTransport) {
    await save('ride');
    return asker.ride(outboxId);
  }
  await save(null);
  if (asker.source === 'sms' && after === 'rsvp') return;
  return asker.text(textsOf(guest).coming(outcome.guest.attending ?? 1, pageLinkOf(ctx, guest)));
};

const applyCount = async (turn: Turn, guest: RepliedGuest, count: number, outboxId: string, asker: Asker) => {
  if (count < 1 || count > guest.countOfInvites) {
    await conversations.touchConversation(turn.tx, guest.guestId, turn.reply.at);
    return asker.text(textsOf(guest).countOutOfRange(guest.countOfInvites));
  }
  const outcome = await answer(turn, guest, { status: 'approved', attending: count }, asker.source);
  if (outcome) await askNext(turn, guest, outcome, outboxId, 'count', asker);
};

/** Issue 32: how many of the people coming are children (or women), by the page's rule; another number is asked again. */
const applySplit = async (turn: Turn, guest: RepliedGuest, n: number, outboxId: string, asker: Asker) => {
  const current = await answer(turn, guest, { status: 'approved' }, asker.source);
  if (!current) return;
  const attending = current.guest.attending ?? 1;
  if (current.asksSplit === 'none') return askNext(turn, guest, current, outboxId, 'split', asker);
  if (n < 0 || n > attending) {
    await conversations.touchConversation(turn.tx, guest.guestId, turn.reply.at);
    return asker.text(textsOf(guest).splitOutOfRange(attending));
  }
  const split = current.asksSplit === 'menWomen' ? { women: n } : { children: n };
  const outcome = await answer(turn, guest, { status: 'approved', attending, split }, asker.source);
  if (outcome) await askNext(turn, guest, outcome, outboxId, 'split', asker);
};

const applyMeal = async (turn: Turn, guest: RepliedGuest, meal: SpecialMeal | 'none', outboxId: string, asker: Asker) => {
  const meals = meal === 'none' ? {} : { [meal]: 1 };
  const outcome = await answer(turn, guest, { status: 'approved', meals }, asker.source);
  if (outcome) await askNext(turn, guest, outcome, outboxId, 'meal', asker);
};

/** A ride is needed: with one pickup point that is the answer; with several, which one (a list, or its number typed). */
const applyRide = async (turn: Turn, guest: RepliedGuest, needed: boolean, outboxId: string, asker: Asker) => {
  if (!needed) {
    const outcome = await answer(turn, guest, { status: 'approved', transport: null }, asker.source);
    if (outcome) await askNext(turn, guest, outcome, outboxId, 'transport', asker);
    return;
  }
  const current = await answer(turn, guest, { status: 'approved' }, asker.source);
  if (!current) return;
  if (current.event.transport.options.length === 1) return applyPickup(turn, guest, 1, outboxId, asker);
  await conversations.saveConversation(turn.tx, { guestId: guest.guestId, eventId: guest.eventId, phoneNumber: guest.phoneNumber, at: turn.reply.at, step: 'pickup', outboxId });
  return asker.pickup(current, outboxId);
};

/** The pickup point by its number (from 1); another number is asked again. */
const applyPickup = async (turn: Turn, guest: RepliedGuest, point: number, outboxId: string, asker: Asker) => {
  const current = await answer(turn, guest, { status: 'approved' }, asker.source);
  if (!current) return;
  const option = current.event.transport.options[point - 1];
  if (point < 1 || !option) {
    await conversations.touchConversation(turn.tx, guest.guestId, turn.reply.at);
    return asker.text(textsOf(guest).pickupOutOfRange(current.event.transport.options.length));
  }
  const outcome = await answer(turn, guest, { status: 'approved', transport: { option } }, asker.source);
  if (outcome) await askNext(turn, guest, outcome, outboxId, 'transport', asker);
};

/** The step a count or meal choice answers; it applies only while the guest's open conversation waits for it, for the same message. */
const STEP_OF = { count: 'count', meal: 'meals', ride: 'ride', pickup: 'pickup' } as const;

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
  const asker = whatsappAsker(turn, guest);
  switch (payload.kind) {
    case 'rsvp': {
      const outcome = await answer(turn, guest, { status: payload.status }, 'whatsapp');
      if (!outcome) return;
      if (payload.status === 'approved') return askNext(turn, guest, outcome, payload.outboxId, 'rsvp', asker);
      await conversations.saveConversation(turn.tx, { guestId: guest.guestId, eventId: guest.eventId, phoneNumber: from, at: reply.at, step: null, outboxId: payload.outboxId });
      const texts = textsOf(guest);
      return asker.text(payload.status === 'declined' ? texts.declined : texts.maybe);
    }
    case 'count':
      return applyCount(turn, guest, payload.count, payload.outboxId, asker);
    case 'meal':
      return applyMeal(turn, guest, payload.meal, payload.outboxId, asker);
    case 'ride':
      return applyRide(turn, guest, payload.needed, payload.outboxId, asker);
    case 'pickup':
      return applyPickup(turn, guest, payload.point, payload.outboxId, asker);
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
    if (guest && count !== null) return applyCount(turn, guest, count, open.outboxId, whatsappAsker(turn, guest));
  }
  if (open?.step === 'split' && open.outboxId) {
    const n = typedNumberOf(reply.text);
    const guest = n === null ? undefined : await conversations.findGuest(turn.tx, open.guestId);
    if (guest && n !== null) return applySplit(turn, guest, n, open.outboxId, whatsappAsker(turn, guest));
  }
  if ((open?.step === 'ride' || open?.step === 'pickup') && open.outboxId) {
    // A typed number answers too: 1 yes / 2 no for the ride, the point's number for the pickup.
    const n = typedNumberOf(reply.text);
    const guest = n === null ? undefined : await conversations.findGuest(turn.tx, open.guestId);
    if (guest && n !== null && open.step === 'pickup') return applyPickup(turn, guest, n, open.outboxId, whatsappAsker(turn, guest));
    if (guest && (n === 1 || n === 2)) return applyRide(turn, guest, n === 1, open.outboxId, whatsappAsker(turn, guest));
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

/** A number typed by SMS while the SMS conversation waits for it (the count, a meal, a ride, a pickup point). */
const handleSmsStep = async (turn: Turn, open: conversations.OpenConversation, n: number): Promise<boolean> => {
  if (!open.step || !open.outboxId) return false;
  const guest = await conversations.findGuest(turn.tx, open.guestId);
  if (!guest) return false;
  const asker = smsAsker(turn, guest);
  const texts = textsOf(guest);
  switch (open.step) {
    case 'count':
      await applyCount(turn, guest, n, open.outboxId, asker);
      return true;
    case 'split':
      await applySplit(turn, guest, n, open.outboxId, asker);
      return true;
    case 'meals': {
      const current = await answer(turn, guest, { status: 'approved' }, 'sms');
      if (!current) return true;
      const options = mealOptionsOf(current);
      if (n === 0) await applyMeal(turn, guest, 'none', open.outboxId, asker);
      else if (options[n - 1]) await applyMeal(turn, guest, options[n - 1]!, open.outboxId, asker);
      else {
        await conversations.touchConversation(turn.tx, guest.guestId, turn.reply.at);
        asker.meals(current, open.outboxId);
      }
      return true;
    }
    case 'ride':
      if (n === 1 || n === 2) await applyRide(turn, guest, n === 1, open.outboxId, asker);
      else {
        await conversations.touchConversation(turn.tx, guest.guestId, turn.reply.at);
        asker.text(texts.smsAskRide);
      }
      return true;
    case 'pickup':
      await applyPickup(turn, guest, n, open.outboxId, asker);
      return true;
  }
};

/**
 * An SMS number: while the SMS conversation after "coming" waits for an answer (the count, meals, transport), it
 * answers that question; otherwise 1 / 2 / 3 answer the invitation SMS to that number, when the invitation asked so
 * (a numeric sender) and only one event sent one; after 1, the follow-up asks what the page asks, by SMS.
 */
const handleSmsText = async (turn: Turn, from: string): Promise<void> => {
  const { ctx, reply } = turn;
  const digit = typedNumberOf(reply.text);
  if (digit === null || !ctx.config.sms.twoWay) {
    ctx.logger.info({ channel: reply.channel }, 'SMS reply that is not an opt-out or an answer; ignored');
    return;
  }
  const open = await conversations.findOpenSmsConversation(turn.tx, from, reply.at);
  if (open && (await handleSmsStep(turn, open, digit))) {
    ctx.logger.info({ channel: reply.channel, step: open.step }, 'SMS follow-up answer recorded');
    return;
  }
  const status = SMS_DIGIT_ANSWERS[digit];
  if (!status) {
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
  const guest = invited[0]!;
  const outcome = await answer(turn, guest, { status }, 'sms');
  if (!outcome) return;
  ctx.logger.info({ channel: reply.channel, changed: outcome.changed }, 'SMS answer recorded');
  if (status === 'approved') await askNext(turn, guest, outcome, guest.outboxId, 'rsvp', smsAsker(turn, guest));
  else await conversations.saveConversation(turn.tx, { guestId: guest.guestId, eventId: guest.eventId, phoneNumber: from, at: reply.at, step: null, outboxId: guest.outboxId });
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

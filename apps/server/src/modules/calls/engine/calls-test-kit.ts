import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../../test/test-app.js';
import { paidEventWithGuests } from '../../messaging/engine/engine-test-kit.js';
import type { VoiceCallError} from '../../../providers/voice/index.js';
import { type CallInput, type CallPrompt, type CallStatusReport, type PlaceCallRequest, type ProviderCallStatus, type VoiceCallProvider } from '../../../providers/voice/index.js';
import { respondToCall } from './call-flow.js';
import { applyCallStatus } from './call-status.js';

/** Test support for the call engine suites (imported by *.test.ts only). */

/** A premium paid event that includes calls, with `count` guests in process (phones +9725<prefix>NNNNN). */
export const premiumEventWithGuests = async (t: TestApp, count: number, options: { phonePrefix?: string; countOfInvites?: number } = {}) => {
  const created = await paidEventWithGuests(t, count, options.phonePrefix ? { phonePrefix: options.phonePrefix } : {});
  await t.ctx.db.execute(sql`update events set order_package_id = 2, include_calls_preference = true where id = ${created.eventId}`);
  if (options.countOfInvites) await t.ctx.db.execute(sql`update guests set count_of_invites = ${options.countOfInvites} where event_id = ${created.eventId}`);
  return created;
};

export interface StubCall {
  providerCallId: string;
  attemptId: string;
  to: string;
  placedAt: Date;
  status: ProviderCallStatus;
  /** What the call said, prompt by prompt. */
  prompts: CallPrompt[];
}

/** How the stub phone behaves once a call is placed: manual (the test drives it), or a scripted guest. */
export type StubScript =
  | { kind: 'manual' }
  | { kind: 'refuse'; error: VoiceCallError }
  /** Rings, then ends with this status (no-answer, busy, failed). */
  | { kind: 'end'; status: 'no-answer' | 'busy' | 'failed' }
  /** Picks up (human or machine) and presses these keys one by one ('' is a silence), then hangs up. */
  | { kind: 'answer'; answeredBy: 'human' | 'machine'; keys: string[] };

/**
 * A voice provider in place of the configured one, that drives our handlers like a phone would: pick-up, keys,
 * silence, statuses. `script` picks each call's behaviour; `hold` keeps a scripted call on the line until the
 * promise it gives settles (the concurrency cap test releases them). Records every call and the most calls it had
 * open at once.
 */
export const useStubVoice = (
  t: TestApp,
  script: (request: PlaceCallRequest, placed: number) => StubScript = () => ({ kind: 'manual' }),
  options: { hold?: (call: StubCall) => Promise<void> } = {},
) => {
  const calls: StubCall[] = [];
  const stats = { open: 0, maxOpen: 0, placeAttempts: 0 };
  let counter = 0;
  let sequence = 0;
  const report = (call: StubCall, status: ProviderCallStatus, extra: Partial<CallStatusReport> = {}): CallStatusReport => {
    call.status = status;
    return { providerCallId: call.providerCallId, status, answeredBy: null, durationSeconds: null, at: new Date(), sequence: ++sequence, ...extra };
  };
  const send = (call: StubCall, status: ProviderCallStatus, extra: Partial<CallStatusReport> = {}) => applyCallStatus(t.ctx, call.attemptId, report(call, status, extra));
  const respond = async (call: StubCall, input: CallInput) => {
    const prompt = await respondToCall(t.ctx, call.attemptId, input);
    call.prompts.push(prompt);
    return prompt;
  };
  const play = async (call: StubCall, steps: StubScript) => {
    let open = true;
    // The line is free once the phone hung up, before the provider reports the end (which our handler may take a while to apply).
    const hangUp = () => {
      if (open) stats.open -= 1;
      open = false;
    };
    try {
      // The phone rings once placeCall has answered (a turn of the event loop), or when the test lets it.
      await (options.hold ? options.hold(call) : new Promise((resolve) => setImmediate(resolve)));
      await send(call, 'ringing');
      if (steps.kind === 'end') {
        hangUp();
        await send(call, steps.status);
        return;
      }
      if (steps.kind !== 'answer') return;
      await send(call, 'in-progress', { answeredBy: steps.answeredBy });
      let prompt = await respond(call, { kind: 'start', answeredBy: steps.answeredBy });
      for (const key of steps.keys) {
        if (!prompt.gather) break;
        prompt = await respond(call, key === '' ? { kind: 'silence' } : { kind: 'keys', digits: key });
      }
      hangUp();
      await send(call, 'completed', { durationSeconds: 20, answeredBy: steps.answeredBy });
    } finally {
      hangUp();
    }
  };
  const provider: VoiceCallProvider = {
    name: 'sandbox',
    placeCall: async (request) => {
      stats.placeAttempts += 1;
      const steps = script(request, stats.placeAttempts);
      if (steps.kind === 'refuse') throw steps.error;
      const call: StubCall = { providerCallId: `stub-${++counter}`, attemptId: request.attemptId, to: request.to, placedAt: new Date(), status: 'queued', prompts: [] };
      calls.push(call);
      if (steps.kind !== 'manual') {
        stats.open += 1;
        stats.maxOpen = Math.max(stats.maxOpen, stats.open);
        void play(call, steps).catch(() => undefined);
      }
      return { providerCallId: call.providerCallId };
    },
    getCall: async (id) => {
      const call = calls.find((c) => c.providerCallId === id);
      return call ? report(call, call.status) : null;
    },
    findCalls: async (to, since) =>
      calls
        .filter((c) => c.to === to && c.placedAt >= since)
        .reverse()
        .map((c) => report(c, c.status)),
    hangUp: async () => undefined,
  };
  t.ctx.voice = provider;
  /** The call placed for this attempt (manual calls are driven with these). */
  const callOf = (attemptId: string) => {
    const call = calls.find((c) => c.attemptId === attemptId);
    if (!call) throw new Error(`no call for attempt ${attemptId}`);
    return call;
  };
  return { calls, stats, callOf, send, respond, report };
};

export interface AttemptView {
  id: string;
  outboxId: string;
  guestId: string;
  attempt: number;
  status: string;
  result: string | null;
  reason: string | null;
  providerCallId: string | null;
  placedAt: Date;
  endedAt: Date | null;
  answerStatus: string | null;
  answerAttending: number | null;
}

export const attemptsOf = async (t: TestApp, eventId: string): Promise<AttemptView[]> =>
  (
    await t.ctx.db.execute<AttemptView & Record<string, unknown>>(sql`
      select id, outbox_id as "outboxId", guest_id as "guestId", attempt, status, result, reason, provider_call_id as "providerCallId",
        placed_at as "placedAt", ended_at as "endedAt", answer_status as "answerStatus", answer_attending as "answerAttending"
      from call_attempts where event_id = ${eventId} order by placed_at, attempt`)
  ).rows.map((row) => ({ ...row, placedAt: new Date(row.placedAt), endedAt: row.endedAt ? new Date(row.endedAt) : null }));

/** Polls until `check` answers truthy (no fixed sleeps); fails with `what` after `timeoutMs`. */
export const waitFor = async <T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, lt, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.js';
import { callAttempts, sandboxCalls } from '../../db/schema/calls.js';
import { guests } from '../../db/schema/events.js';
import type { CallFlowHandlers, CallInput, CallPrompt, CallStatusReport, PlaceCallRequest, ProviderCallStatus, VoiceCallProvider } from './index.js';

/**
 * The sandbox's pace (ms), short so `npm start` feels alive and tests are quick; tests may shorten it further
 * (it is read at every step).
 */
export const sandboxVoiceSettings = {
  /** From placing to ringing. */
  ringMs: 800,
  /** Ringing until a simulated guest picks up (or the line is busy). */
  answerMs: 1_200,
  /** A guest who never answers rings this long (then no-answer). */
  noAnswerMs: 3_000,
  /** Listening to a prompt before pressing a key. */
  keyMs: 600,
  /** A call taken over on the dev page that nobody answers there rings this long, then no-answer (like a real phone, it frees its line). */
  manualRingMs: 120_000,
  /** A call not over, not played by this process and untouched this long died with its process: reported completed. */
  staleMs: 60_000,
};

const FINAL: ReadonlySet<string> = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);
const MAX_STEPS = 12;

export type SandboxCallRow = typeof sandboxCalls.$inferSelect;
type Transcript = SandboxCallRow['transcript'];

interface SandboxData {
  answeredBy?: CallStatusReport['answeredBy'];
  answeredAt?: string;
  durationSeconds?: number;
  sequence?: number;
  /** The prompt the call is on (what the dev page shows, what keys answer). */
  prompt?: CallPrompt | null;
  /** The scripted guest: who answers and what they press. */
  behaviour?: string;
}

/**
 * What the phone's last digit plays (the call-round issue): 4 never answers, 5 is busy twice then answers 1 and
 * 2 people, 6 is a voicemail, every other ending answers 1 and the full count. A call is played by hand only when
 * the dev page takes it over (no reserved ending).
 */
export type SandboxBehaviour = 'noAnswer' | 'busyThenTwo' | 'voicemail' | 'full';
export const sandboxBehaviourOf = (to: string): SandboxBehaviour => {
  const last = to.trim().slice(-1);
  if (last === '4') return 'noAnswer';
  if (last === '5') return 'busyThenTwo';
  if (last === '6') return 'voicemail';
  return 'full';
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

export interface SandboxVoiceDeps {
  db: Db;
  logger: FastifyBaseLogger;
  handlers: () => CallFlowHandlers;
}

/** The sandbox voice provider plus what the dev page needs (take a call over, answer, keys, hang up). */
export interface SandboxVoiceProvider extends VoiceCallProvider {
  readonly name: 'sandbox';
  /** The dev page plays this call from now on: its scripted guest stops where it is (a call not over only). */
  takeOver(callId: string): Promise<SandboxCallRow | null>;
  answer(callId: string): Promise<SandboxCallRow | null>;
  pressKeys(callId: string, digits: string): Promise<SandboxCallRow | null>;
  hangUpByHand(callId: string): Promise<SandboxCallRow | null>;
  list(limit: number): Promise<SandboxCallRow[]>;
  find(callId: string): Promise<SandboxCallRow | null>;
  /** Settles when every call this process plays has ended (tests, shutdown). */
  idle(): Promise<void>;
}

export const isSandboxVoiceProvider = (provider: VoiceCallProvider): provider is SandboxVoiceProvider =>
  provider.name === 'sandbox' && typeof (provider as Partial<SandboxVoiceProvider>).answer === 'function';

export const createSandboxVoiceProvider = (deps: SandboxVoiceDeps): SandboxVoiceProvider => {
  const { db, logger } = deps;
  /** Calls this process plays now, with the chain serialising their steps. */
  const live = new Map<string, Promise<unknown>>();
  const ended = new Set<string>();
  /** Manual calls wait for the dev page, not for this process. */
  const manual = new Set<string>();

  /** Runs `step` after the call's previous step (one step at a time per call). */
  const serial = <T>(callId: string, step: () => Promise<T>): Promise<T> => {
    const previous = live.get(callId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(step);
    const tracked = next.catch(() => undefined);
    live.set(callId, tracked);
    void tracked.then(() => {
      if (live.get(callId) === tracked && ended.has(callId)) live.delete(callId);
    });
    return next;
  };

  const read = async (callId: string) => (await db.select().from(sandboxCalls).where(eq(sandboxCalls.id, callId)))[0] ?? null;

  const reportOf = (row: SandboxCallRow, status = row.status): CallStatusReport => {
    const data = row.data as SandboxData;
    return {
      providerCallId: row.id,
      status: status as ProviderCallStatus,
      answeredBy: data.answeredBy ?? null,
      durationSeconds: FINAL.has(status) ? (data.durationSeconds ?? 0) : null,
      at: row.updatedAt,
      sequence: data.sequence ?? null,
    };
  };

  /** Moves the call to `status` (with more data and transcript lines) and tells our flow. */
  const setStatus = async (row: SandboxCallRow, status: ProviderCallStatus, extra: Partial<SandboxData> = {}, lines: Transcript = []) => {
    const data = row.data as SandboxData;
    const sequence = (data.sequence ?? -1) + 1;
    const now = new Date();
    const next: SandboxData = { ...data, ...extra, sequence };
    if (FINAL.has(status)) {
      next.durationSeconds = data.answeredAt ? Math.max(1, Math.round((now.getTime() - new Date(data.answeredAt).getTime()) / 1000)) : 0;
      next.prompt = null;
      ended.add(row.id);
    }
    const [updated] = await db
      .update(sandboxCalls)
      .set({ status, data: next as Record<string, unknown>, transcript: [...row.transcript, ...lines], updatedAt: now })
      .where(eq(sandboxCalls.id, row.id))
      .returning();
    const current = updated ?? row;
    try {
      await deps.handlers().status(current.attemptId, reportOf(current));
    } catch (error) {
      logger.warn({ err: error, callId: row.id }, 'sandbox call: status not applied');
    }
    return current;
  };

  const lineOf = (who: 'call' | 'guest', text: string) => ({ at: new Date().toISOString(), who, text });

  /** Asks our flow what the call says next, keeps the prompt and the transcript; a prompt without gather ends the call. */
  const converse = async (row: SandboxCallRow, input: CallInput, guestLine: string | null): Promise<SandboxCallRow> => {
    let prompt: CallPrompt;
    try {
      prompt = await deps.handlers().respond(row.attemptId, input);
    } catch (error) {
      logger.warn({ err: error, callId: row.id }, 'sandbox call: the call flow failed; hanging up');
      prompt = { lang: row.lang, say: [], gather: null };
    }
    const lines: Transcript = [...(guestLine ? [lineOf('guest', guestLine)] : []), ...prompt.say.map((text) => lineOf('call', text))];
    const data: SandboxData = { ...(row.data as SandboxData), prompt };
    const [updated] = await db
      .update(sandboxCalls)
      .set({ data: data as Record<string, unknown>, transcript: [...row.transcript, ...lines], updatedAt: new Date() })
      .where(eq(sandboxCalls.id, row.id))
      .returning();
    let current = updated ?? row;
    if (!prompt.gather) current = await setStatus(current, 'completed', {}, [lineOf('call', '(hangs up)')]);
    return current;
  };

  const pickUp = async (row: SandboxCallRow, answeredBy: 'human' | 'machine') => {
    const answered = await setStatus(row, 'in-progress', { answeredBy, answeredAt: new Date().toISOString() }, [
      lineOf('guest', answeredBy === 'machine' ? '(voicemail picks up)' : '(picks up)'),
    ]);
    return converse(answered, { kind: 'start', answeredBy }, null);
  };

  /**
   * The keys a scripted guest presses, in order: 1, then the count (the guest's invitation count, or 2 for …5) ended
   * by #, then 1 to confirm it read back; one invited: 1 only. Transport, when asked, is left open (no more keys).
   */
  const scriptOf = async (row: SandboxCallRow, behaviour: SandboxBehaviour): Promise<string[]> => {
    if (behaviour === 'busyThenTwo') return ['1', '2#', '1'];
    const [found] = await db
      .select({ countOfInvites: guests.countOfInvites })
      .from(callAttempts)
      .innerJoin(guests, eq(guests.id, callAttempts.guestId))
      .where(eq(callAttempts.id, row.attemptId));
    const invited = Math.max(1, found?.countOfInvites ?? 1);
    return invited > 1 ? ['1', `${invited}#`, '1'] : ['1'];
  };

  /** The scripted guest still plays this call: not over and not taken over on the dev page. */
  const scripted = (row: SandboxCallRow | null): row is SandboxCallRow => row !== null && !FINAL.has(row.status) && row.mode !== 'manual';

  /** An automatic call from placing to its end (runs in the background). */
  const play = async (callId: string, behaviour: SandboxBehaviour) => {
    const s = sandboxVoiceSettings;
    await sleep(s.ringMs);
    let row = await serial(callId, async () => {
      const current = await read(callId);
      return scripted(current) ? setStatus(current, 'ringing', {}, [lineOf('call', '(rings)')]) : null;
    });
    if (!row) return;
    if (behaviour === 'noAnswer') {
      await sleep(s.noAnswerMs);
      await serial(callId, async () => {
        const current = await read(callId);
        if (scripted(current)) await setStatus(current, 'no-answer', {}, [lineOf('guest', '(does not answer)')]);
      });
      return;
    }
    await sleep(s.answerMs);
    if (behaviour === 'busyThenTwo') {
      const [earlier] = await db
        .select({ n: count() })
        .from(sandboxCalls)
        .where(and(eq(sandboxCalls.to, row.to), ne(sandboxCalls.id, callId), lt(sandboxCalls.createdAt, row.createdAt)));
      if ((earlier?.n ?? 0) < 2) {
        await serial(callId, async () => {
          const current = await read(callId);
          if (scripted(current)) await setStatus(current, 'busy', {}, [lineOf('guest', '(line busy)')]);
        });
        return;
      }
    }
    row = await serial(callId, async () => {
      const current = await read(callId);
      return scripted(current) ? pickUp(current, behaviour === 'voicemail' ? 'machine' : 'human') : null;
    });
    if (!row) return;
    const keys = await scriptOf(row, behaviour);
    for (let step = 0; step < MAX_STEPS; step++) {
      await sleep(s.keyMs);
      const done = await serial(callId, async () => {
        const current = await read(callId);
        if (!scripted(current)) return true;
        const prompt = (current.data as SandboxData).prompt;
        if (!prompt?.gather) return true;
        const digits = keys.shift();
        await converse(current, digits ? { kind: 'keys', digits } : { kind: 'silence' }, digits ? `(presses ${digits})` : '(silence)');
        return false;
      });
      if (done) return;
    }
    await serial(callId, async () => {
      const current = await read(callId);
      if (scripted(current)) await setStatus(current, 'completed', {}, [lineOf('guest', '(hangs up)')]);
    });
  };

  const manualStep = async (callId: string, step: (row: SandboxCallRow) => Promise<SandboxCallRow>): Promise<SandboxCallRow | null> =>
    serial(callId, async () => {
      const row = await read(callId);
      if (!row) return null;
      if (FINAL.has(row.status)) return row;
      return step(row);
    });

  const provider: SandboxVoiceProvider = {
    name: 'sandbox',

    async placeCall(request: PlaceCallRequest) {
      const id = `SBX${randomBytes(16).toString('hex')}`;
      const behaviour = sandboxBehaviourOf(request.to);
      await db.insert(sandboxCalls).values({
        id,
        attemptId: request.attemptId,
        to: request.to,
        lang: request.lang,
        status: 'queued',
        mode: 'auto',
        transcript: [],
        data: { behaviour, sequence: -1 },
      });
      ended.delete(id);
      live.set(id, Promise.resolve());
      void play(id, behaviour).catch((error: unknown) => logger.warn({ err: error, callId: id }, 'sandbox call stopped'));
      return { providerCallId: id };
    },

    async getCall(providerCallId) {
      const row = await read(providerCallId);
      if (!row) return null;
      const stale = Date.now() - row.updatedAt.getTime() > sandboxVoiceSettings.staleMs;
      if (!FINAL.has(row.status) && row.mode === 'auto' && !live.has(row.id) && stale) {
        // Its process died mid-call: the call is over.
        const [updated] = await db
          .update(sandboxCalls)
          .set({ status: 'completed', transcript: [...row.transcript, lineOf('call', '(the call was lost)')], updatedAt: new Date() })
          .where(eq(sandboxCalls.id, row.id))
          .returning();
        return reportOf(updated ?? row, 'completed');
      }
      if (row.mode === 'manual' && row.status === 'ringing' && !live.has(row.id) && Date.now() - row.updatedAt.getTime() > sandboxVoiceSettings.manualRingMs) {
        const [updated] = await db
          .update(sandboxCalls)
          .set({ status: 'no-answer', transcript: [...row.transcript, lineOf('guest', '(nobody answered on the dev page)')], updatedAt: new Date() })
          .where(eq(sandboxCalls.id, row.id))
          .returning();
        return reportOf(updated ?? row, 'no-answer');
      }
      return reportOf(row);
    },

    async findCalls(to, since) {
      const rows = await db
        .select()
        .from(sandboxCalls)
        .where(and(eq(sandboxCalls.to, to), gte(sandboxCalls.createdAt, since)))
        .orderBy(desc(sandboxCalls.createdAt));
      return Promise.all(rows.map((row) => provider.getCall(row.id).then((report) => report ?? reportOf(row))));
    },

    async hangUp(providerCallId) {
      // Like Twilio, the final status comes afterwards, not inside this call (the caller may hold the attempt's lock).
      if (!(await read(providerCallId))) return;
      void manualStep(providerCallId, (row) => setStatus(row, 'completed', {}, [lineOf('call', '(hangs up)')])).catch((error: unknown) =>
        logger.warn({ err: error, callId: providerCallId }, 'sandbox call: hang-up not applied'),
      );
    },

    takeOver: (callId) =>
      manualStep(callId, async (row) => {
        if (row.mode === 'manual') return row;
        manual.add(row.id);
        const [updated] = await db
          .update(sandboxCalls)
          .set({ mode: 'manual', transcript: [...row.transcript, lineOf('call', '(taken over on the dev page)')], updatedAt: new Date() })
          .where(eq(sandboxCalls.id, row.id))
          .returning();
        let current = updated ?? row;
        if (current.status === 'queued') current = await setStatus(current, 'ringing', {}, [lineOf('call', '(rings)')]);
        if (current.status === 'ringing') {
          // Nobody answers on the page: no-answer after a while, like a real phone (it frees its line).
          void sleep(sandboxVoiceSettings.manualRingMs)
            .then(() =>
              serial(row.id, async () => {
                const later = await read(row.id);
                if (later?.status === 'ringing') await setStatus(later, 'no-answer', {}, [lineOf('guest', '(nobody answered on the dev page)')]);
              }),
            )
            .catch((error: unknown) => logger.warn({ err: error, callId: row.id }, 'sandbox call: ring timeout not applied'));
        }
        return current;
      }),

    answer: (callId) =>
      manualStep(callId, async (row) => {
        if (row.status === 'in-progress') return row;
        return pickUp(row, 'human');
      }),

    pressKeys: (callId, digits) =>
      manualStep(callId, async (row) => {
        if (row.status !== 'in-progress' || !(row.data as SandboxData).prompt?.gather) return row;
        return converse(row, { kind: 'keys', digits }, `(presses ${digits})`);
      }),

    hangUpByHand: (callId) => manualStep(callId, (row) => setStatus(row, 'completed', {}, [lineOf('guest', '(hangs up)')])),

    find: (callId) => read(callId),

    list: (limit) => db.select().from(sandboxCalls).orderBy(desc(sandboxCalls.createdAt)).limit(limit),

    async idle() {
      while ([...live.keys()].some((id) => !ended.has(id) && !manual.has(id))) await sleep(20);
    },
  };
  return provider;
};

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../src/providers/voice/twilio-signature.js';

/**
 * A local Twilio Programmable Voice: `Calls.json` (create, list by To and `StartTime>`, get, update Status=completed)
 * with Basic auth, and for every created call a scripted guest who rings, answers (or not), fetches our TwiML URL with
 * a signed form exactly as Twilio does (X-Twilio-Signature over the public URL and the sorted parameters), hears
 * `<Say>`/`<Play>`, presses keys at `<Gather>`, follows `action` and `<Redirect>`, and posts signed status callbacks.
 */
export interface FakeTwilioGuest {
  /** How the callee reacts: a person, a voicemail (AnsweredBy machine_start), busy, never answers, or a failed line. */
  answer: 'human' | 'machine' | 'busy' | 'no-answer' | 'failed';
  /** Keys pressed at each `<Gather>` in turn; null (or none left): silence. */
  keys?: (string | null)[];
}

export interface FakeTwilioCall {
  sid: string;
  to: string;
  from: string;
  url: string;
  statusCallback: string | undefined;
  params: Record<string, string[]>;
  status: string;
  answeredBy: string | null;
  dateCreated: Date;
  startTime: Date | null;
  endTime: Date | null;
  duration: number | null;
  /** What the guest heard (Say texts, Play URLs) and pressed, in order. */
  heard: string[];
  pressed: string[];
  /** TwiML documents we answered. */
  twiml: string[];
  /** Status callbacks sent: the status and our HTTP answer. */
  callbacks: { status: string; answer: number }[];
  done: Promise<void>;
}

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
  /** The guest at a number (default: a person who presses nothing). */
  guestFor?: (to: string) => FakeTwilioGuest;
  /** Where a public URL of ours is really reached (the app listens on a local port behind APP_URL). */
  route?: (publicUrl: string) => string;
  /** ms between ringing and answer, and between steps. */
  ringMs?: number;
  /** Each status callback sent twice. */
  repeatCallbacks?: boolean;
  /** The ringing and in-progress callbacks held back and sent after the final one. */
  outOfOrder?: boolean;
}

/** The create request answers this instead of a call (e.g. `{status: 400, code: 21211}`), or 'timeout': taken, never answered. */
export type FakeTwilioFault = { status: number; code?: number; message?: string; taken?: boolean } | 'timeout' | 'hang';

const rfc2822 = (at: Date) => at.toUTCString().replace('GMT', '+0000');
const unescapeXml = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" })[name]!);
const attrsOf = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/([A-Za-z]+)="([^"]*)"/g)].map((m) => [m[1]!, unescapeXml(m[2]!)]));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The parts of our TwiML the fake guest acts on. */
export const parseTwiml = (xml: string) => {
  const gatherMatch = /<Gather([^>]*)>([\s\S]*?)<\/Gather>/.exec(xml);
  const spoken = [...xml.matchAll(/<(Say|Play)[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => unescapeXml(m[2]!));
  const redirect = /<Redirect[^>]*>([\s\S]*?)<\/Redirect>/.exec(xml);
  return {
    spoken,
    gather: gatherMatch ? attrsOf(gatherMatch[1]!) : null,
    redirect: redirect ? unescapeXml(redirect[1]!.trim()) : null,
    hangup: /<Hangup\s*\/>/.test(xml),
  };
};

export const startFakeTwilio = async (options: FakeTwilioOptions = {}) => {
  const accountSid = options.accountSid ?? `AC${'0123456789abcdef'.repeat(2)}`;
  const authToken = options.authToken ?? 'fake-twilio-auth-token';
  const guestFor = options.guestFor ?? ((): FakeTwilioGuest => ({ answer: 'human' }));
  const route = options.route ?? ((url: string) => url);
  const ringMs = options.ringMs ?? 10;
  const calls = new Map<string, FakeTwilioCall>();
  const faults: FakeTwilioFault[] = [];
  const hanging = new Set<ServerResponse>();
  let active = 0;
  let maxActive = 0;
  let requests = 0;
  const forcedEnd = new Map<string, string>();
  /** Callback behaviour, changeable between calls. */
  const behaviour = { repeatCallbacks: options.repeatCallbacks ?? false, outOfOrder: options.outOfOrder ?? false };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const resourceOf = (call: FakeTwilioCall) => ({
    sid: call.sid,
    account_sid: accountSid,
    to: call.to,
    from: call.from,
    status: call.status,
    answered_by: call.answeredBy,
    duration: call.duration === null ? null : String(call.duration),
    date_created: rfc2822(call.dateCreated),
    date_updated: rfc2822(call.endTime ?? call.startTime ?? call.dateCreated),
    start_time: call.startTime ? rfc2822(call.startTime) : null,
    end_time: call.endTime ? rfc2822(call.endTime) : null,
    direction: 'outbound-api',
    uri: `/2010-04-01/Accounts/${accountSid}/Calls/${call.sid}.json`,
  });

  /** A signed form POST to one of our URLs, as Twilio sends it. */
  const signedPost = async (publicUrl: string, params: [string, string][]): Promise<{ status: number; text: string }> => {
    const res = await fetch(route(publicUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(authToken, publicUrl, params), 'i-twilio-idempotency-token': randomBytes(8).toString('hex') },
      body: new URLSearchParams(params).toString(),
    });
    return { status: res.status, text: await res.text() };
  };

  const baseParams = (call: FakeTwilioCall): [string, string][] => [
    ['AccountSid', accountSid],
    ['ApiVersion', '2010-04-01'],
    ['CallSid', call.sid],
    ['Direction', 'outbound-api'],
    ['From', call.from],
    ['To', call.to],
    ['Called', call.to],
    ['Caller', call.from],
  ];

  const play = async (call: FakeTwilioCall) => {
    const guest = guestFor(call.to);
    const keys = [...(guest.keys ?? [])];
    let sequence = 0;
    const held: (() => Promise<void>)[] = [];
    const callback = async (status: string, extra: [string, string][] = [], holdable = false) => {
      if (!call.statusCallback) return;
      const params: [string, string][] = [
        ...baseParams(call),
        ['CallStatus', status],
        ['Timestamp', rfc2822(new Date())],
        ['SequenceNumber', String(sequence++)],
        ['CallbackSource', 'call-progress-events'],
        ...extra,
      ];
      const send = async () => {
        for (let i = 0; i < (behaviour.repeatCallbacks ? 2 : 1); i++) {
          const answer = await signedPost(call.statusCallback!, params).then((r) => r.status, () => 0);
          call.callbacks.push({ status, answer });
        }
      };
      if (holdable && behaviour.outOfOrder) held.push(send);
      else await send();
    };
    const finish = async (status: string) => {
      const forced = forcedEnd.get(call.sid);
      call.status = forced ?? status;
      call.endTime = new Date();
      call.duration = call.startTime ? Math.max(1, Math.round((call.endTime.getTime() - call.startTime.getTime()) / 1000)) : 0;
      active -= 1;
      await callback(call.status, [['CallDuration', String(call.duration)], ...(call.answeredBy ? ([['AnsweredBy', call.answeredBy]] as [string, string][]) : [])]);
      for (const send of held) await send();
    };

    await sleep(ringMs);
    call.status = 'initiated';
    await callback('initiated', [], true);
    call.status = 'ringing';
    await callback('ringing', [], true);
    await sleep(ringMs);
    if (forcedEnd.has(call.sid)) return finish('canceled');
    if (guest.answer === 'busy' || guest.answer === 'no-answer' || guest.answer === 'failed') return finish(guest.answer);
    call.status = 'in-progress';
    call.startTime = new Date();
    call.answeredBy = guest.answer === 'machine' ? 'machine_start' : 'human';
    await callback('in-progress', [['AnsweredBy', call.answeredBy]], true);

    let next: string | null = call.url;
    let extra: [string, string][] = [['AnsweredBy', call.answeredBy]];
    for (let step = 0; next && step < 40 && !forcedEnd.has(call.sid); step++) {
      const { status, text } = await signedPost(next, [...baseParams(call), ['CallStatus', 'in-progress'], ...extra]).catch(() => ({ status: 0, text: '' }));
      call.twiml.push(text);
      if (status !== 200) break;
      const twiml = parseTwiml(text);
      call.heard.push(...twiml.spoken);
      extra = [];
      next = null;
      if (twiml.gather) {
        const digits = keys.shift();
        if (digits) {
          call.pressed.push(digits);
          // As Twilio: the finishOnKey ends the gather and is not part of Digits.
          const finish = twiml.gather.finishOnKey ?? '';
          const finished = finish !== '' && digits.endsWith(finish);
          extra = [['Digits', finished ? digits.slice(0, -finish.length) : digits], ['FinishedOnKey', finished ? finish : '']];
          next = twiml.gather.action ?? null;
        } else {
          call.pressed.push('');
          next = twiml.redirect;
        }
      } else if (!twiml.hangup) next = twiml.redirect;
      if (ringMs > 0) await sleep(ringMs);
    }
    await finish('completed');
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (data += chunk));
      req.on('end', () => resolve(data));
      req.on('error', reject);
    });

  const server = createServer((req, res) => {
    void (async () => {
      requests += 1;
      const url = new URL(req.url ?? '/', 'http://fake-twilio');
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      const prefix = `/2010-04-01/Accounts/${accountSid}/Calls`;
      if (!url.pathname.startsWith(prefix)) return json(res, 404, { code: 20404, message: 'not found', status: 404 });
      const rest = url.pathname.slice(prefix.length);
      const form = new URLSearchParams(req.method === 'POST' ? await readBody(req) : '');
      if (rest === '.json' && req.method === 'POST') {
        const fault = faults.shift();
        if (fault === 'hang') {
          hanging.add(res);
          return;
        }
        const to = form.get('To') ?? '';
        const taken = fault === 'timeout' || (fault && fault.taken);
        if (fault && !taken) return json(res, fault.status, { code: fault.code ?? fault.status * 100, message: fault.message ?? 'fault', status: fault.status });
        if (!/^\+\d{8,15}$/.test(to)) return json(res, 400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
        if (!form.get('Url') || !form.get('From')) return json(res, 400, { code: 21205, message: 'Url and From are required', status: 400 });
        const params: Record<string, string[]> = {};
        for (const [name, value] of form) (params[name] ??= []).push(value);
        const call: FakeTwilioCall = {
          sid: `CA${randomBytes(16).toString('hex')}`,
          to,
          from: form.get('From')!,
          url: form.get('Url')!,
          statusCallback: form.get('StatusCallback') ?? undefined,
          params,
          status: 'queued',
          answeredBy: null,
          dateCreated: new Date(),
          startTime: null,
          endTime: null,
          duration: null,
          heard: [],
          pressed: [],
          twiml: [],
          callbacks: [],
          done: Promise.resolve(),
        };
        calls.set(call.sid, call);
        active += 1;
        maxActive = Math.max(maxActive, active);
        call.done = play(call).catch(() => undefined);
        if (fault === 'timeout') {
          hanging.add(res);
          return;
        }
        if (fault) return json(res, fault.status, { code: fault.code ?? fault.status * 100, message: fault.message ?? 'fault', status: fault.status });
        return json(res, 201, resourceOf(call));
      }
      if (rest === '.json' && req.method === 'GET') {
        const to = url.searchParams.get('To');
        const day = url.searchParams.get('StartTime>');
        const list = [...calls.values()]
          .filter((c) => !to || c.to === to)
          .filter((c) => !day || (c.startTime ?? c.dateCreated).toISOString().slice(0, 10) >= day)
          .sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime());
        return json(res, 200, { calls: list.map(resourceOf), page: 0, page_size: 50 });
      }
      const one = /^\/([A-Za-z0-9]+)\.json$/.exec(rest);
      const call = one ? calls.get(one[1]!) : undefined;
      if (!call) return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (req.method === 'GET') return json(res, 200, resourceOf(call));
      if (req.method === 'POST') {
        const status = form.get('Status');
        if (status === 'completed' || status === 'canceled') {
          if (['completed', 'busy', 'no-answer', 'failed', 'canceled'].includes(call.status)) {
            return json(res, 400, { code: 21220, message: 'Call is not in-progress. Cannot redirect.', status: 400 });
          }
          forcedEnd.set(call.sid, call.status === 'in-progress' ? 'completed' : 'canceled');
        }
        return json(res, 200, resourceOf(call));
      }
      return json(res, 405, { code: 20004, message: 'method not allowed', status: 405 });
    })().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { code: 20500, message: String(error), status: 500 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const countsByTo = () => {
    const out = new Map<string, number>();
    for (const call of calls.values()) out.set(call.to, (out.get(call.to) ?? 0) + 1);
    return out;
  };

  return {
    apiUrl,
    accountSid,
    authToken,
    calls,
    /** Callbacks repeated or held back out of order from the next call on. */
    behaviour,
    /** Env for an app speaking to this fake. */
    env: (fromNumber = '+972500000001'): Record<string, string> => ({
      VOICE_PROVIDER: 'twilio',
      TWILIO_API_URL: apiUrl,
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM_NUMBER: fromNumber,
    }),
    /** The next create requests answer these, in order. */
    fail: (...next: FakeTwilioFault[]) => faults.push(...next),
    /** Calls in progress at once, at most (from create to the final status). */
    get maxActive() {
      return maxActive;
    },
    get active() {
      return active;
    },
    get requests() {
      return requests;
    },
    countsByTo,
    callsTo: (to: string) => [...calls.values()].filter((c) => c.to === to).sort((a, b) => a.dateCreated.getTime() - b.dateCreated.getTime()),
    /** Every call played to its end. */
    settled: async () => {
      await Promise.all([...calls.values()].map((c) => c.done));
    },
    signedPost,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

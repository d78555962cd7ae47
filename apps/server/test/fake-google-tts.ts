import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Google Cloud Text-to-Speech speaking `POST /v1/text:synthesize?key=API_KEY` (v1 REST): checks the key
 * (403 PERMISSION_DENIED otherwise, as Google answers an invalid key… with 400 API_KEY_INVALID: both are refusals),
 * the body `{input: {text}, voice: {languageCode, name}, audioConfig: {audioEncoding}}` (400 INVALID_ARGUMENT
 * otherwise), and answers `{audioContent}` (base64): a small fake MP3 frame that names the text, so a test can tell
 * which text was rendered. `fault` makes the next requests fail with an HTTP status, or hang.
 */
export interface FakeTtsRequest {
  key: string | null;
  body: unknown;
}

export const FAKE_TTS_LANGUAGE_CODES = ['he-IL', 'ar-XA', 'ru-RU', 'en-US'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An ID3-less MPEG audio frame header (MPEG-1 Layer III, 128 kbps, 44.1 kHz) followed by the text. */
export const fakeMp3Of = (text: string): Buffer => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.from(`fake-mp3:${text}`, 'utf8')]);

export const startFakeGoogleTts = async (options: { apiKey?: string } = {}) => {
  const apiKey = options.apiKey ?? 'test-google-tts-key';
  const requests: FakeTtsRequest[] = [];
  let fault: { status: number } | 'hang' | 'notJson' | null = null;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { error: { code: status, message, status: code } });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || url.pathname !== '/v1/text:synthesize') return error(res, 404, 'NOT_FOUND', 'not found');
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return error(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const key = url.searchParams.get('key');
    requests.push({ key, body });
    if (fault === 'hang') return; // never answers
    if (fault === 'notJson') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>oops</html>');
    }
    if (fault) return error(res, fault.status, fault.status >= 500 ? 'UNAVAILABLE' : 'RESOURCE_EXHAUSTED', 'fault injected');
    if (key !== apiKey) return error(res, 403, 'PERMISSION_DENIED', 'The request is missing a valid API key.');
    const input = isRecord(body) && isRecord(body.input) ? body.input : null;
    const voice = isRecord(body) && isRecord(body.voice) ? body.voice : null;
    const audioConfig = isRecord(body) && isRecord(body.audioConfig) ? body.audioConfig : null;
    const text = typeof input?.text === 'string' ? input.text : '';
    if (!text) return error(res, 400, 'INVALID_ARGUMENT', 'Either `input.text` or `input.ssml` needs to be set.');
    if (typeof voice?.languageCode !== 'string' || !FAKE_TTS_LANGUAGE_CODES.includes(voice.languageCode)) {
      return error(res, 400, 'INVALID_ARGUMENT', 'Voice not found.');
    }
    if (typeof voice.name === 'string' && !voice.name.startsWith(`${voice.languageCode}-`)) return error(res, 400, 'INVALID_ARGUMENT', 'Voice name does not match.');
    if (audioConfig?.audioEncoding !== 'MP3') return error(res, 400, 'INVALID_ARGUMENT', 'audioEncoding must be MP3 here.');
    return send(res, 200, { audioContent: fakeMp3Of(text).toString('base64') });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'INTERNAL', 'fake failed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    setFault: (next: typeof fault) => {
      fault = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

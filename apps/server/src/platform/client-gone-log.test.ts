import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppInstance } from '../app.js';
import { registerErrorHandler } from './http-errors.js';
import { createLoggerOptions } from './logger.js';
import pino from 'pino';

/** Issue 28: a browser that drops a request (a favicon) is not an error of ours. */
describe('a request the client aborted', () => {
  it('logs "premature close" at info, not error; a real failure stays an error', async () => {
    const lines: { level: number; msg: string }[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
    registerErrorHandler(app as unknown as AppInstance);
    app.get('/gone', async () => {
      throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    });
    app.get('/broken', async () => {
      throw new Error('a bug');
    });
    await app.inject({ method: 'GET', url: '/gone' });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.some((line) => line.level === 30 && line.msg === 'request aborted by the client')).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual(['unhandled error']);
    await app.close();
  });

  it('an aborted compressed answer (@fastify/compress logs `log.error(err)`) is an info line', () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ ...createLoggerOptions({ level: 'info' }), level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    logger.error(new Error('premature close'));
    logger.error(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    logger.error(new Error('a bug'));
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [30, 'request aborted by the client'],
      [30, 'request aborted by the client'],
      [50, 'a bug'],
    ]);
  });
});

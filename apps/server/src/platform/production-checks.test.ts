import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig, MAIL_REQUIRED_MESSAGE } from './env.js';
import { checkProductionConfig, sandboxProvidersOf } from './production-checks.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'magiim-prod-'));
const production = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', ...env });

describe('production start-up checks', () => {
  it('refuses production without SMTP_URL, naming SMTP_URL and MAIL_TRANSPORT=none', () => {
    expect(() => production()).toThrow(ConfigError);
    expect(() => production()).toThrow(/SMTP_URL: required in production/);
    expect(() => production()).toThrow(/MAIL_TRANSPORT=none/);
    // MAIL_TRANSPORT=smtp without a server is no answer either.
    expect(() => production({ MAIL_TRANSPORT: 'smtp' })).toThrow(MAIL_REQUIRED_MESSAGE);
  });

  it('starts with SMTP_URL, or with e-mail off on purpose and a warning that says so', () => {
    const smtp = production({ SMTP_URL: 'smtp://mail.example.com:587' });
    expect(smtp.mailTransport).toBe('smtp');
    expect(checkProductionConfig(smtp).warnings.some((line) => line.includes('MAIL_TRANSPORT'))).toBe(false);
    const off = production({ MAIL_TRANSPORT: 'none' });
    expect(off.mailTransport).toBe('none');
    expect(off.devMailbox).toBe(false);
    expect(checkProductionConfig(off).warnings[0]).toMatch(/e-mail is off \(MAIL_TRANSPORT=none\).*dropped/);
  });

  it('refuses a hand-built production config that would fall back to the dev mailbox', () => {
    const config = { ...production({ MAIL_TRANSPORT: 'none' }), mailTransport: 'dev-mailbox' as const };
    expect(() => checkProductionConfig(config)).toThrow(MAIL_REQUIRED_MESSAGE);
  });

  it('names every provider left on its sandbox in one line', () => {
    const config = production({ MAIL_TRANSPORT: 'none', GIFT_PROVIDER: 'sandbox' });
    expect(sandboxProvidersOf(config)).toEqual([
      'payment (PAYMENT_PROVIDER)',
      'whatsapp (MESSAGING_PROVIDER)',
      'sms (SMS_PROVIDER)',
      'voice (VOICE_PROVIDER)',
      'tts (TTS_PROVIDER)',
      'gifts (GIFT_PROVIDER)',
      'push (PUSH_PROVIDER)',
    ]);
    const lines = checkProductionConfig(config).warnings.filter((line) => line.includes('sandbox'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('payment (PAYMENT_PROVIDER), whatsapp (MESSAGING_PROVIDER), sms (SMS_PROVIDER)');
  });

  it('leaves real providers out of the line, and has nothing to say with none on a sandbox', () => {
    const real = production({
      SMTP_URL: 'smtp://mail.example.com:587',
      TTS_PROVIDER: 'google',
      GOOGLE_TTS_API_KEY: 'key',
      PUSH_PROVIDER: 'fcm',
      FCM_PROJECT_ID: 'magiim',
      FCM_SERVICE_ACCOUNT_FILE: '/etc/magiim/fcm.json',
    });
    expect(sandboxProvidersOf(real)).not.toContain('tts (TTS_PROVIDER)');
    expect(sandboxProvidersOf(real)).not.toContain('push (PUSH_PROVIDER)');
    expect(sandboxProvidersOf(real)).not.toContain('gifts (GIFT_PROVIDER)');
  });

  it('warns when links would point at localhost or plain http', () => {
    const smtp = { MAIL_TRANSPORT: 'none' };
    expect(checkProductionConfig(production(smtp)).warnings.some((line) => line.startsWith('APP_URL is http://localhost:3000'))).toBe(true);
    expect(checkProductionConfig(production({ ...smtp, APP_URL: 'http://magiim.example' })).warnings).toContain(
      'APP_URL is http://magiim.example: links in e-mails and messages are not https',
    );
    expect(checkProductionConfig(production({ ...smtp, APP_URL: 'https://app.magiim.co.il' })).warnings.some((line) => line.startsWith('APP_URL'))).toBe(false);
  });

  it('says nothing outside production', () => {
    expect(checkProductionConfig(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' })).warnings).toEqual([]);
  });

  it('stops the real server process at start, with the message and exit code 1', () => {
    const entry = path.resolve(import.meta.dirname, '..', 'main.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', DATA_DIR: dataDir(), PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('SMTP_URL: required in production');
    expect(run.stderr).toContain('MAIL_TRANSPORT=none');
    expect(run.stdout).not.toContain('Magiim is running');
  });

  it('refuses to build the app before touching the database', async () => {
    const config = { ...production({ MAIL_TRANSPORT: 'none' }), mailTransport: 'dev-mailbox' as const, databaseUrl: 'postgres://127.0.0.1:1/none' };
    await expect(buildApp(config, { logger: false })).rejects.toThrow(MAIL_REQUIRED_MESSAGE);
  });
});

describe('production with MAIL_TRANSPORT=none', () => {
  let t: TestApp | undefined;
  const lines: string[] = [];
  afterAll(async () => {
    await t?.close();
  });

  it('starts, says at start that e-mail is off and which providers are sandboxes, and drops e-mail without the dev mailbox', async () => {
    t = await createTestApp(
      { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', MAIL_TRANSPORT: 'none', LOG_LEVEL: 'warn' },
      { logger: true, logStream: { write: (line) => void lines.push(line) } },
    );
    const warned = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
    expect(warned.some((line) => line.msg.includes('e-mail is off (MAIL_TRANSPORT=none)'))).toBe(true);
    const sandboxLine = warned.filter((line) => line.msg.startsWith('providers on their sandbox'));
    expect(sandboxLine).toHaveLength(1);
    expect(sandboxLine[0]!.msg).toContain('payment (PAYMENT_PROVIDER)');
    // Production's default gift provider is the managed one.
    expect(sandboxLine[0]!.msg).not.toContain('gifts');

    const email = uniqueEmail('prod');
    const res = await t.request('POST', '/auth/register', {
      body: { fullName: 'Dana Levi', email, password: 'Correct-Horse-9', confirmPassword: 'Correct-Horse-9', acceptTerms: true, isAdult: true, lang: 'en' },
    });
    expect(res.statusCode).toBe(201);
    const { rows: deliveries } = await t.ctx.database.pool.query<{ status: string; sealed: string | null }>('select status, sealed from mail_deliveries');
    expect(deliveries).toEqual([{ status: 'dropped', sealed: null }]);
    const { rows: mailbox } = await t.ctx.database.pool.query<{ n: number }>('select count(*)::int as n from dev_mailbox');
    expect(mailbox[0]!.n).toBe(0);
    expect(lines.some((line) => line.includes('e-mail dropped: MAIL_TRANSPORT=none'))).toBe(true);
    // No dev mailbox route to read either.
    expect((await t.request('GET', `/dev/mailbox?to=${encodeURIComponent(email)}`)).statusCode).toBe(404);
  });

  it('has the standalone worker say the same at its start', async () => {
    const worker = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '..', 'worker.ts')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'sandbox',
        MAIL_TRANSPORT: 'none',
        APP_URL: 'https://app.magiim.test',
        DATA_DIR: t!.config.dataDir,
        DATABASE_URL: t!.config.databaseUrl!,
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${output}`)), 30_000);
        worker.stdout.on('data', () => {
          if (output.includes('Magiim worker is running')) {
            clearTimeout(timer);
            resolve();
          }
        });
        worker.on('exit', (code) => reject(new Error(`the worker stopped (${code}):\n${output}`)));
      });
    } finally {
      if (worker.exitCode === null && worker.signalCode === null) {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.kill('SIGTERM');
        await exited;
      }
    }
    expect(output).toContain('e-mail is off (MAIL_TRANSPORT=none)');
    expect(output).toContain('providers on their sandbox in production');
    expect(output).not.toContain('APP_URL is');
  });
});

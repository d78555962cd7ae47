import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, isSmsSender, loadConfig } from './env.js';

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'magiim-env-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, appUrl: 'http://localhost:3000', databaseUrl: undefined, devMailbox: true, rateLimits: true });
  });

  it('names every bad value in one clear message', () => {
    const load = () => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', APP_URL: 'not a url', DATABASE_URL: 'mysql://x' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*APP_URL[\s\S]*DATABASE_URL/);
  });

  it('generates secrets into DATA_DIR once and keeps them', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.secrets.tokenPepper).toHaveLength(43);
    expect(second.secrets.tokenPepper).toBe(first.secrets.tokenPepper);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).tokenPepper).toBe(first.secrets.tokenPepper);
  });

  it('adds the payload key to a secrets file written by an earlier version, keeping its pepper', () => {
    const dir = dataDir();
    const pepper = 'p'.repeat(43);
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify({ tokenPepper: pepper }));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.secrets.tokenPepper).toBe(pepper);
    expect(config.secrets.payloadKey).toHaveLength(43);
    expect(loadConfig({ DATA_DIR: dir }).secrets.payloadKey).toBe(config.secrets.payloadKey);
  });

  it('never has a dev mailbox in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', MAIL_TRANSPORT: 'none' }).devMailbox).toBe(false);
  });

  it('takes APP_URL for links, without a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: 'https://app.magiim.co.il/' }).appUrl).toBe('https://app.magiim.co.il');
  });
});

describe('reverse proxies', () => {
  it('trusts no proxy unless told how many stand in front', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxyHops).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxyHops).toBe(1);
  });
});

describe('SMS_SENDER', () => {
  const load = (sender: string) => loadConfig({ DATA_DIR: dataDir(), SMS_SENDER: sender });

  it.each(['Magiim', 'M', 'ABCDEFGHIJK', 'Magiim2026', '1a'])('a name of letters and digits with a letter, up to 11: %s', (sender) => {
    expect(isSmsSender(sender)).toBe(true);
    expect(load(sender).sms).toMatchObject({ sender, twoWay: false });
  });

  it.each(['ABCDEFGHIJKL', 'Magiim Events', 'Mag iim', 'Magiim!', 'מגיעים', 'Magiim_1', 'ab-cd'])('refuses %s (12 characters, spaces, signs, non-Latin)', (sender) => {
    expect(isSmsSender(sender)).toBe(false);
    expect(() => load(sender)).toThrow(/SMS_SENDER/);
  });

  it.each([
    ['+972559990000', true],
    ['972559990000', true],
    ['0559990000', true],
    ['+9725599900001', true], // local 055… with 11 digits
    ['+97255999000012', false], // local form 12 digits
    ['05599900001', true], // 11 digits
    ['055999000012', false], // 12 digits
    ['12345678901', true],
    ['123456789012', false],
    ['123', true],
    ['12', false],
    ['+', false],
  ] as const)('a number counts its local form: %s → %s', (sender, ok) => {
    expect(isSmsSender(sender)).toBe(ok);
    if (ok) expect(load(sender).sms).toMatchObject({ sender, twoWay: true });
    else expect(() => load(sender)).toThrow(/SMS_SENDER/);
  });

  it('surrounding spaces are trimmed, not refused', () => {
    expect(load('  Magiim ').sms.sender).toBe('Magiim');
  });
});

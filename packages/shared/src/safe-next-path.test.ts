import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path.js';

// No DOM or Node types in this package; both runtimes have these.
declare const URL: new (input: string, base: string) => { origin: string };
declare const URLSearchParams: new (init: string) => { get: (name: string) => string | null };

const ORIGIN = 'https://app.magiim.test';

/** `?next=<raw>` as the page reads it: URLSearchParams decodes it once. */
const nextOf = (raw: string): string | null => new URLSearchParams(`next=${raw}`).get('next');

describe('safeNextPath', () => {
  it.each([
    ['/event/123/statistics?x=1#y', '/event/123/statistics?x=1#y'],
    ['/manage-events', '/manage-events'],
    ['/userSettings?tab=password', '/userSettings?tab=password'],
    ['/a/../event/1', '/event/1'],
    [`${ORIGIN}/event/1?x=1`, '/event/1?x=1'],
    ['/guest/list?q=%D7%A0%D7%95%D7%A2%D7%94', '/guest/list?q=%D7%A0%D7%95%D7%A2%D7%94'],
  ])('keeps the same-origin path %s', (next, path) => {
    expect(safeNextPath(next, ORIGIN)).toBe(path);
  });

  it('keeps a path that arrived encoded in ?next=', () => {
    expect(safeNextPath(nextOf('%2Fevent%2F123%2Fstatistics%3Fx%3D1%23y'), ORIGIN)).toBe('/event/123/statistics?x=1#y');
  });

  // As written in the address bar: `/login/en?next=<raw>`.
  it.each([
    '/%5Cevil.example/pwn',
    '/%09/evil.example',
    '/%5C%5Cevil.example',
    '%5C%5Cevil.example',
    '/%0A/evil.example',
    '/%0D%0A/evil.example',
    '%0A//evil.example',
    '%2F%2Fevil.example',
    '/%2F%2Fevil',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'https%3A%2F%2Fevil.example',
    'javascript:alert(1)',
    'javascript%3Aalert(1)',
  ])('refuses ?next=%s', (raw) => {
    expect(safeNextPath(nextOf(raw), ORIGIN)).toBeNull();
  });

  // As a value already decoded (router state, a caller's own string).
  it.each([
    '//evil.example',
    '//evil.example/x',
    '\\\\evil.example',
    '\\evil.example',
    '/\\evil.example/pwn',
    '/\\\\evil.example',
    '/\t/evil',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\n//evil.example',
    ' //evil.example',
    'https://evil.example',
    'HTTPS://evil.example/event/1',
    'https:evil.example',
    'http://app.magiim.test/x',
    'https://app.magiim.test.evil.example/x',
    'https://app.magiim.test@evil.example/x',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/.//evil.example',
    '/a/..//evil.example',
    '/./\\evil.example',
    'manage-events',
    '',
    null,
    undefined,
    42,
  ])('refuses %j', (next) => {
    expect(safeNextPath(next, ORIGIN)).toBeNull();
  });

  it('gives back only paths that stay on our origin when the browser reads them again', () => {
    for (const raw of ['/%5Cevil.example/pwn', '/%09/evil.example', '/%5C%5Cevil.example', '/%2F%2Fevil', '/%0A/evil.example']) {
      const path = safeNextPath(raw, ORIGIN);
      expect(path).toBe(raw);
      expect(new URL(path as string, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

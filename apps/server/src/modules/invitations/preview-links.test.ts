import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../platform/logger.js';
import { signPreviewToken, verifyPreviewToken } from './preview-links.js';

const pepper = 'p'.repeat(43);

describe('preview links', () => {
  it('name their event until they expire, and nothing once changed', () => {
    const eventId = randomUUID();
    const now = Date.now();
    const { token } = signPreviewToken(pepper, eventId, now);
    expect(verifyPreviewToken(pepper, token, now)).toBe(eventId);
    expect(verifyPreviewToken(pepper, token, now + 61 * 60_000)).toBeUndefined();
    expect(verifyPreviewToken('q'.repeat(43), token, now)).toBeUndefined();
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyPreviewToken(pepper, flipped, now)).toBeUndefined();
    expect(verifyPreviewToken(pepper, `${eventId}.123.${'A'.repeat(22)}`, now)).toBeUndefined();
  });

  it('never reach a log line', () => {
    const { token } = signPreviewToken(pepper, randomUUID());
    expect(redactUrl(`/preview/invite/${token}?lang=he`)).toBe('/preview/invite/[redacted]');
    expect(redactUrl(`/preview/navigate/${token}`)).toBe('/preview/navigate/[redacted]');
  });
});

import { describe, expect, it } from 'vitest';
import { signWhatsAppBody, verifyWhatsAppSignature, verifyWhatsAppSubscription } from './signature.js';

const secret = 'test-app-secret';
const body = Buffer.from(JSON.stringify({ entry: [{ changes: [{ field: 'messages', value: { messages: [{ text: { body: 'מגיעים!' } }] } }] }] }));

describe('WhatsApp webhook signature', () => {
  it('accepts the HMAC of the exact raw bytes, in either hex case', () => {
    const header = signWhatsAppBody(body, secret);
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWhatsAppSignature(body, header, secret)).toBe(true);
    expect(verifyWhatsAppSignature(body, `sha256=${header.slice(7).toUpperCase()}`, secret)).toBe(true);
  });

  it('refuses a forged, missing or malformed signature and a body changed by one byte', () => {
    const header = signWhatsAppBody(body, secret);
    expect(verifyWhatsAppSignature(body, signWhatsAppBody(body, 'another-secret'), secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, undefined, secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, '', secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, header.slice('sha256='.length), secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, `sha1=${header.slice(7)}`, secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, `${header}00`, secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, 'sha256=zz', secret)).toBe(false);
    const changed = Buffer.from(body);
    changed[changed.length - 3] = (changed[changed.length - 3] ?? 0) ^ 1;
    expect(verifyWhatsAppSignature(changed, header, secret)).toBe(false);
    // Re-serialising the parsed JSON (escaped Hebrew) is a different body.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString())).replace('מגיעים', '\\u05de\\u05d2\\u05d9\\u05e2\\u05d9\\u05dd'));
    expect(verifyWhatsAppSignature(reserialised, header, secret)).toBe(false);
  });

  it('answers the subscription handshake only for our token', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'our-token', 'hub.challenge': '1158201444' };
    expect(verifyWhatsAppSubscription(query, 'our-token')).toBe('1158201444');
    expect(verifyWhatsAppSubscription({ ...query, 'hub.verify_token': 'our-tokem' }, 'our-token')).toBeNull();
    expect(verifyWhatsAppSubscription({ ...query, 'hub.verify_token': 'our' }, 'our-token')).toBeNull();
    expect(verifyWhatsAppSubscription({ ...query, 'hub.mode': 'unsubscribe' }, 'our-token')).toBeNull();
    expect(verifyWhatsAppSubscription({ ...query, 'hub.verify_token': ['our-token'] }, 'our-token')).toBeNull();
    expect(verifyWhatsAppSubscription({ 'hub.mode': 'subscribe', 'hub.verify_token': 'our-token' }, 'our-token')).toBeNull();
  });
});

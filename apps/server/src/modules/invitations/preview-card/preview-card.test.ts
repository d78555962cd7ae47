import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../../guests/guest-test-kit.js';
import { personalTokenOf, setEventDate } from '../invite-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const WHATSAPP = 'WhatsApp/2.23.20.0 A';

/** The og:image of a guest page as WhatsApp's fetcher gets it. */
const ogImageOf = async (guestToken: string, lang: string): Promise<string | undefined> => {
  const res = await t.app.inject({ method: 'GET', url: `/invite/${guestToken}?lang=${lang}`, headers: { 'user-agent': WHATSAPP } });
  expect(res.statusCode).toBe(200);
  return /<meta property="og:image" content="([^"]+)"/.exec(res.body)?.[1];
};

const fetchCard = (url: string) => t.app.inject({ method: 'GET', url: url.replace('http://magiim.test', ''), headers: { 'user-agent': WHATSAPP } });

describe('the link-preview card of an event without an uploaded image', () => {
  it('is the og:image of every guest page: a 1200×630 JPEG per language, cached for a year, rendered once', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { lang: 'he' });
    const hebrew = await ogImageOf(personalTokenOf(guest), 'he');
    const english = await ogImageOf(personalTokenOf(guest), 'en');
    expect(hebrew).toMatch(/^http:\/\/magiim\.test\/card\/[0-9a-f]{32}\/he-[0-9a-f]{32}\.jpg$/);
    expect(english).toMatch(/\/en-[0-9a-f]{32}\.jpg$/);
    // The page never names the event's id, the card's address neither.
    expect(hebrew).not.toContain(eventId);
    expect(hebrew).not.toContain(eventId.replace(/-/g, ''));

    const card = await fetchCard(hebrew!);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/jpeg');
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(card.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    expect(card.rawPayload.length).toBeLessThan(300_000);

    // Stored once: a second request reads the same bytes back from storage.
    const key = `cards/${eventId}/${hebrew!.split('/').pop()}`;
    expect((await t.ctx.storage.get(key))?.data.equals(card.rawPayload)).toBe(true);
    expect((await fetchCard(hebrew!)).rawPayload.equals(card.rawPayload)).toBe(true);
    // The English card is another picture (the name and date in English).
    expect((await fetchCard(english!)).rawPayload.equals(card.rawPayload)).toBe(false);
  });

  it('gets a new address when the date changes; an old, forged or unknown address is 404', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    const before = (await ogImageOf(personalTokenOf(guest), 'he'))!;
    await setEventDate(t, eventId, '2031-06-17');
    const after = (await ogImageOf(personalTokenOf(guest), 'he'))!;
    expect(after).not.toBe(before);
    expect((await fetchCard(after)).statusCode).toBe(200);
    expect((await fetchCard(before)).statusCode).toBe(404);
    const [, sealed, file] = /\/card\/([0-9a-f]{32})\/(he-[0-9a-f]{32}\.jpg)$/.exec(after)!;
    for (const path of [
      `/card/${sealed}/he-${'0'.repeat(32)}.jpg`,
      `/card/${sealed}/${file!.replace('he-', 'ar-')}`,
      `/card/${eventId}/${file}`,
      `/card/${'0'.repeat(32)}/${file}`,
      `/card/${sealed}/xx-${'0'.repeat(32)}.jpg`,
      `/card/${sealed}/..%2F..%2Fsecrets.json`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { isLang, type Lang } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { findInviteEvent, type InviteEvent } from '../invitations.repository.js';
import { PREVIEW_CARD_VERSION, renderPreviewCard, type PreviewCardInput } from './preview-card.js';

type CardEvent = Pick<InviteEvent, 'id' | 'names' | 'defaultLang' | 'date' | 'time'>;

const cardInputOf = (event: CardEvent, lang: Lang): PreviewCardInput => ({
  name: event.names[lang] ?? event.names[event.defaultLang] ?? '',
  date: event.date,
  time: event.time,
  lang,
});

/**
 * A card's address names the event, the language and a keyed digest of what the card shows: it changes when the
 * name or date does (apps cache a preview image by its address), and no one can ask for the card of an event
 * whose page they were never shown.
 */
const digestOf = (pepper: string, eventId: string, input: PreviewCardInput): string =>
  createHmac('sha256', pepper)
    .update(JSON.stringify(['preview-card', PREVIEW_CARD_VERSION, eventId, input.lang, input.name, input.date, input.time]))
    .digest('hex')
    .slice(0, 32);

// Guest pages never show an event's id: the address carries it enciphered (one AES block, a keyed permutation of
// the 128-bit id), which only this server can turn back into an id.
const idKeyOf = (pepper: string): Buffer => createHmac('sha256', pepper).update('preview-card:event-id').digest();

const sealEventId = (pepper: string, eventId: string): string => {
  const cipher = createCipheriv('aes-256-ecb', idKeyOf(pepper), null).setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.from(eventId.replace(/-/g, ''), 'hex')), cipher.final()]).toString('hex');
};

const openEventId = (pepper: string, sealed: string): string | null => {
  if (!/^[0-9a-f]{32}$/.test(sealed)) return null;
  const decipher = createDecipheriv('aes-256-ecb', idKeyOf(pepper), null).setAutoPadding(false);
  const hex = Buffer.concat([decipher.update(Buffer.from(sealed, 'hex')), decipher.final()]).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The path of an event's preview card in a language (`/card/<sealed event id>/<lang>-<digest>.jpg`). */
export const previewCardPath = (ctx: AppContext, event: CardEvent, lang: Lang): string => {
  const pepper = ctx.config.secrets.tokenPepper;
  return `/card/${sealEventId(pepper, event.id)}/${lang}-${digestOf(pepper, event.id, cardInputOf(event, lang))}.jpg`;
};

const CARD_FILE = /^([a-z]{2})-([0-9a-f]{32})\.jpg$/;

// One render at a time per process (a card is rendered once, then read from storage), and one per card however
// many crawlers ask for it at once.
const rendering = new Map<string, Promise<Buffer>>();
let queue: Promise<unknown> = Promise.resolve();

const renderOnce = (ctx: AppContext, key: string, input: PreviewCardInput): Promise<Buffer> => {
  let pending = rendering.get(key);
  if (!pending) {
    pending = queue
      .catch(() => undefined)
      .then(async () => {
        const stored = await ctx.storage.get(key);
        if (stored) return stored.data;
        const jpeg = await renderPreviewCard(input);
        await ctx.storage.put(key, jpeg, 'image/jpeg');
        return jpeg;
      })
      .finally(() => rendering.delete(key));
    queue = pending;
    rendering.set(key, pending);
  }
  return pending;
};

/** The card JPEG of `/card/<sealed event id>/<file>`: from storage, else rendered and stored. A stale or forged address is 404. */
export const getPreviewCard = async (ctx: AppContext, sealedEventId: string, file: string): Promise<Buffer> => {
  const match = CARD_FILE.exec(file);
  const lang = match?.[1];
  const eventId = openEventId(ctx.config.secrets.tokenPepper, sealedEventId);
  if (!match || !eventId || !isLang(lang)) throw new AppError('NOT_FOUND', 'no such card');
  const event = await findInviteEvent(ctx.database.pool, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'no such card');
  const input = cardInputOf(event, lang);
  if (digestOf(ctx.config.secrets.tokenPepper, event.id, input) !== match[2]) throw new AppError('NOT_FOUND', 'no such card');
  const key = `cards/${event.id}/${file}`;
  return (await ctx.storage.get(key))?.data ?? (await renderOnce(ctx, key, input));
};

import { exportCheckin } from '../checkin/public.js';
import { exportSeating } from '../seating/public.js';
import { exportGiftLedger } from '../gift-ledger/public.js';
import { zipToBuffer } from '../../platform/zip.js';
import { MSG, RATE_LIMITS, todayInBusinessZone, type DeleteAccountBody, type EventNames, type Lang } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AccountHasActiveEventError, AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/passwords.js';
import { exportGuests } from '../guests/guest-import.service.js';
import { eraseAccount } from '../retention/erase-account.js';
import { findUserById } from '../users/public.js';
import type { UserLike } from '../users/user-data.js';
import { accountDeletedEmail } from './account-deleted-email.js';
import * as repo from './account-data.repository.js';

/** Each export builds every event's sheet: a few a day are plenty, a loop is refused. */
export const DATA_EXPORTS_PER_USER = { max: 10, windowMinutes: 60 } as const;

export interface DataDownload {
  file: Buffer;
  asciiName: string;
  displayName: string;
}

// C0/C1 controls, bidi marks and isolates, path separators and characters Windows refuses in names.
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff/\\:*?"<>|]/g;

/** A file name inside the zip: no folders, no direction tricks, not empty, not too long. */
export const safeFileName = (name: string, fallback = 'event'): string => {
  const cleaned = name.replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, 80).trim();
  return cleaned || fallback;
};

const eventNameOf = (names: EventNames, lang: Lang, defaultLang: Lang): string =>
  names[lang] ?? names[defaultLang] ?? Object.values(names).find((name): name is string => Boolean(name)) ?? '';

const langOf = (user: UserLike): Lang => (['he', 'en', 'ru', 'ar'].includes(user.lang) ? (user.lang as Lang) : 'he');

/**
 * Issue 22: all of the user's data as a zip: `account.json` (the profile), `events.json` (the events they own or
 * co-host with the orders they placed, amounts in agorot, receipt links) and one guest sheet per event, written
 * by the guest export itself (the same columns, in the user's language).
 */
export const exportAccountData = async (ctx: AppContext, user: UserLike, now = new Date()): Promise<DataDownload> => {
  await ctx.rateLimiter.consume([{ bucket: `data-export:${user.id}`, limit: DATA_EXPORTS_PER_USER }]);
  const account = await repo.findAccount(ctx.db, user.id);
  if (!account || account.erasedAt) throw new AppError('UNAUTHORIZED');
  const lang = langOf(user);
  const [events, orders] = await Promise.all([repo.listMemberEvents(ctx.db, user.id), repo.listUserOrders(ctx.db, user.id)]);

  const parts: { name: string; data: Buffer | string }[] = [];
  parts.push({
    name: 'account.json',
    data:
    `${JSON.stringify(
      {
        fullName: account.fullName,
        email: account.email,
        language: account.lang,
        emailVerified: account.emailVerifiedAt !== null,
        signInWithPassword: account.hasPassword,
        signInWithGoogle: account.signsInWithGoogle,
        createdAt: account.createdAt,
        lastActiveAt: account.lastActiveAt,
        exportedAt: now.toISOString(),
      },
      null,
      2,
    )}\n`,
  });

  // Issue 31: each event's door records (who arrived, how many; usher links without their tokens).
  const checkins = new Map<string, Awaited<ReturnType<typeof exportCheckin>>>();
  for (const event of events) checkins.set(event.id, await exportCheckin(ctx, event.id));
  // Issue 31: each event's tables and who sits at each.
  const seatings = new Map<string, Awaited<ReturnType<typeof exportSeating>>>();
  for (const event of events) seatings.set(event.id, await exportSeating(ctx.db, event.id));
  // Issue 32: each event's gift ledger (amounts in agorot).
  const gifts = new Map<string, Awaited<ReturnType<typeof exportGiftLedger>>>();
  for (const event of events) gifts.set(event.id, await exportGiftLedger(ctx.db, event.id));

  const used = new Set<string>();
  const sheetNames = new Map<string, string>();
  for (const event of events) {
    const base = safeFileName(`${eventNameOf(event.names, lang, event.defaultLang)} ${event.date}`);
    let name = `${base}.xlsx`;
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${base} (${n}).xlsx`;
    used.add(name.toLowerCase());
    sheetNames.set(event.id, name);
    // The guest export checks the membership again and reads the list in one consistent snapshot.
    const sheet = await exportGuests(ctx, user.id, event.id, lang);
    parts.push({ name, data: sheet.file });
  }

  parts.push({
    name: 'events.json',
    data:
    `${JSON.stringify(
      {
        amountsIn: 'agorot',
        events: events.map((event) => ({
          id: event.id,
          role: event.role,
          names: event.names,
          date: event.date,
          time: event.time,
          timeZone: 'Asia/Jerusalem',
          location: event.location,
          languages: event.langs,
          rsvpStartDate: event.rsvpStartDate,
          paid: event.progressStatus > 0,
          inviteeLimit: event.inviteeLimit,
          createdAt: event.createdAt,
          guestDataErasedAt: event.guestDataErasedAt,
          guestSheet: sheetNames.get(event.id) ?? null,
          checkIn: checkins.get(event.id) ?? null,
          seating: seatings.get(event.id) ?? [],
          gifts: gifts.get(event.id) ?? [],
          orders: orders
            .filter((order) => order.eventId === event.id)
            .map(({ eventId: _eventId, ...order }) => order),
        })),
      },
      null,
      2,
    )}\n`,
  });

  const file = await zipToBuffer(parts);
  const name = `magiim-data-${todayInBusinessZone(now)}.zip`;
  return { file, asciiName: name, displayName: name };
};

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Issue 22: the session's own account goes (there is no id to name another one). It is confirmed with the
 * password, or for an account that only signs in with Google with its e-mail typed again; refused while the
 * user owns a paid event dated today or later (the events are named). The confirmation goes to the address
 * read before the erasure blanks it.
 */
export const deleteAccount = async (ctx: AppContext, sessionUser: UserLike, body: DeleteAccountBody, now = new Date()): Promise<void> => {
  const user = await findUserById(ctx.db, sessionUser.id);
  if (!user || user.erasedAt) throw new AppError('UNAUTHORIZED');
  // The same bucket as sign-in and the password change: guesses here count against the account there too.
  const attempt = await ctx.rateLimiter.consume([{ bucket: `login:account:${user.email}`, limit: RATE_LIMITS.failedLoginsPerAccount }]);
  if (user.passwordHash) {
    if (body.password === undefined || !(await verifyPassword(user.passwordHash, body.password))) {
      throw new AppError('WRONG_CURRENT_PASSWORD', 'the password is wrong');
    }
  } else if (body.confirmEmail === undefined || !sameEmail(body.confirmEmail, user.email)) {
    throw new AppError('VALIDATION', 'the e-mail does not match the account', [{ path: 'confirmEmail', message: MSG.invalidValue }]);
  }
  await attempt.refund();

  const active = await repo.listActivePaidOwnedEvents(ctx.db, user.id, todayInBusinessZone(now));
  if (active.length > 0) {
    const lang = langOf(user);
    throw new AccountHasActiveEventError(active.map((event) => ({ id: event.id, name: eventNameOf(event.names, lang, event.defaultLang), date: event.date })));
  }

  const mail = accountDeletedEmail(ctx.config, { email: user.email, fullName: user.fullName, lang: user.lang });
  await eraseAccount(ctx, user.id, 'self', { now });
  await ctx.enqueueEmail(mail);
};

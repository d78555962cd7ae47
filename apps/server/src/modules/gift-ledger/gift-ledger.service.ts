import {
  GIFT_AMOUNT_MAX_AGOROT,
  GIFT_NOTE_MAX_LENGTH,
  GIFT_SHEET_TITLES,
  giftMethodOfCell,
  isSafeText,
  normalizePhone,
  sumGifts,
  type GiftEntry,
  type GiftImportResult,
  type GiftImportRowError,
  type GiftLedgerResponse,
  type GiftMethod,
  type Lang,
  type giftEntryInputSchema,
} from '@magiim/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { GiftLinkPayment } from '../../platform/hooks.js';
import { requireEventAccess } from '../events/event-access.js';
import type { SheetDownload } from '../guests/guest-import.service.js';
import * as repo from './gift-ledger.repository.js';
import { readGiftSheet, writeGiftSheet } from './gift-ledger-sheet.js';

/** Owner and co-hosts: reading and recording gifts is a host's work on the list ('manageGuests'); strangers get NOT_FOUND. */
const READ = 'read' as const;
const WRITE = 'manageGuests' as const;

const toEntry = (row: repo.LedgerEntryRow): GiftEntry & { phoneNumber: string | null } => ({
  id: row.id,
  guestId: row.guestId ?? '',
  guestName: row.guestName ?? row.payerName,
  phoneNumber: row.phoneNumber,
  side: row.side,
  amount: row.amount,
  method: row.method,
  note: row.note,
  source: row.source,
  createdAt: row.createdAt.toISOString(),
});

const readLedger = async (ctx: AppContext, eventId: string) =>
  ctx.db.transaction(
    async (tx) => {
      const facts = await repo.findEventFacts(tx, eventId);
      if (!facts) throw new AppError('NOT_FOUND', 'event not found');
      const rows = await repo.listEntries(tx, eventId);
      const cameWithoutGift = await repo.listCameWithoutGift(tx, eventId);
      const entries = rows.map(toEntry);
      return { facts, entries, cameWithoutGift };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

export const getLedger = async (ctx: AppContext, userId: string, eventId: string): Promise<GiftLedgerResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, READ);
  const { facts, entries, cameWithoutGift } = await readLedger(ctx, eventId);
  return {
    entries: entries.map(({ phoneNumber: _phone, ...entry }) => entry),
    totals: sumGifts(entries.map((e) => ({ amount: e.amount, method: e.method, side: e.side, guestId: e.guestId || e.id }))),
    cameWithoutGift,
    sideLabels: facts.sideLabels ?? { a: '', b: '' },
  };
};

export const addEntry = async (ctx: AppContext, userId: string, eventId: string, input: z.output<typeof giftEntryInputSchema>): Promise<GiftLedgerResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, WRITE);
  if (!(await repo.findGuestOfEvent(ctx.db, eventId, input.guestId))) throw new AppError('NOT_FOUND', 'guest not found');
  await repo.insertEntries(ctx.db, [{ eventId, guestId: input.guestId, amount: input.amount, method: input.method, note: input.note, source: 'host', createdBy: userId }]);
  return getLedger(ctx, userId, eventId);
};

export const removeEntry = async (ctx: AppContext, userId: string, eventId: string, entryId: string): Promise<GiftLedgerResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, WRITE);
  if (!(await repo.deleteEntry(ctx.db, eventId, entryId))) throw new AppError('NOT_FOUND', 'gift not found');
  return getLedger(ctx, userId, eventId);
};

const REPORT_MAX = 60;
const reportText = (text: string) => {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > REPORT_MAX ? `${clean.slice(0, REPORT_MAX - 1)}…` : clean;
};
const foldName = (text: string) => text.normalize('NFKC').replace(/[\u200E\u200F\u061C]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Shekels as typed in a sheet ("1,000", "₪ 500", 360.5) → agorot; null when it is no positive amount. */
export const agorotOfShekels = (text: string): number | null => {
  const clean = text.replace(/[₪\s,]|ש"ח|ש״ח|nis|ils/gi, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const agorot = Math.round(Number(clean) * 100);
  return agorot > 0 && agorot <= GIFT_AMOUNT_MAX_AGOROT ? agorot : null;
};

/**
 * Reads a gift sheet (guest name or phone, amount in shekels, method, note). Each bad row is reported with every
 * problem and skipped; the good rows are added when `commit` (in one transaction), never a bad one.
 */
export const importGifts = async (ctx: AppContext, userId: string, eventId: string, commit: boolean, buffer: Buffer): Promise<GiftImportResult> => {
  await requireEventAccess(ctx.db, userId, eventId, WRITE);
  const rows = await readGiftSheet(buffer);
  const guests = await repo.listGuestKeys(ctx.db, eventId);
  const byPhone = new Map(guests.map((g) => [g.phoneNumber, g.id]));
  const byName = new Map<string, string[]>();
  for (const g of guests) byName.set(foldName(g.fullName), [...(byName.get(foldName(g.fullName)) ?? []), g.id]);
  const errors: GiftImportRowError[] = [];
  const good: repo.NewEntry[] = [];
  for (const { row, cells } of rows) {
    const rowErrors: GiftImportRowError[] = [];
    const fail = (column: GiftImportRowError['column'], code: GiftImportRowError['code'], value = '') =>
      rowErrors.push({ row, column, code, ...(reportText(value) ? { value: reportText(value) } : {}) });
    const name = cells.guest ?? '';
    const phone = cells.phoneNumber ?? '';
    let guestId: string | undefined;
    if (phone) {
      const e164 = normalizePhone(phone);
      guestId = e164 ? byPhone.get(e164) : undefined;
      if (!guestId) fail('phoneNumber', 'GUEST_NOT_FOUND', phone);
    } else if (name) {
      const ids = byName.get(foldName(name)) ?? [];
      if (ids.length === 1) guestId = ids[0];
      else fail('guest', ids.length === 0 ? 'GUEST_NOT_FOUND' : 'GUEST_AMBIGUOUS', name);
    } else fail('guest', 'GUEST_REQUIRED');
    const amount = agorotOfShekels(cells.amount ?? '');
    if (amount === null) fail('amount', 'AMOUNT_INVALID', cells.amount ?? '');
    let method: GiftMethod | null = 'other';
    if (cells.method) {
      method = giftMethodOfCell(cells.method);
      if (!method) fail('method', 'METHOD_UNKNOWN', cells.method);
    }
    const note = (cells.note ?? '').trim();
    if (note.length > GIFT_NOTE_MAX_LENGTH || !isSafeText(note)) fail('note', 'NOTE_INVALID', note);
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    good.push({ eventId, guestId: guestId!, amount: amount!, method: method!, note, source: 'import', createdBy: userId });
  }
  const added = commit ? await ctx.db.transaction((tx) => repo.insertEntries(tx, good)) : good.length;
  return { total: rows.length, added, errors, committed: commit };
};

export const exportLedger = async (ctx: AppContext, userId: string, eventId: string, lang: Lang): Promise<SheetDownload> => {
  await requireEventAccess(ctx.db, userId, eventId, READ);
  const { facts, entries } = await readLedger(ctx, eventId);
  const name = facts.names[lang] ?? facts.names[facts.defaultLang] ?? Object.values(facts.names).find(Boolean);
  const title = GIFT_SHEET_TITLES.file[lang];
  return {
    file: await writeGiftSheet(lang, entries, facts.sideLabels ?? { a: '', b: '' }),
    asciiName: `magiim-gifts-${lang}.xlsx`,
    displayName: name ? `${name} - ${title}.xlsx` : `${title}.xlsx`,
  };
};

/**
 * An approved gift-link payment (the gifts module's report) goes into the ledger by itself, once per payment
 * reference: the payer's phone finds the guest; a payer on no guest is kept by name.
 */
export const recordGiftLinkPayment = async (ctx: AppContext, payment: GiftLinkPayment): Promise<boolean> => {
  const e164 = payment.payerPhone ? normalizePhone(payment.payerPhone) : null;
  const guest = e164 ? await repo.findGuestByPhone(ctx.db, payment.eventId, e164) : undefined;
  const payerName = reportText(payment.payerName ?? '');
  const added = await repo.insertEntries(ctx.db, [
    {
      eventId: payment.eventId,
      guestId: guest?.id ?? null,
      payerName: guest ? '' : payerName,
      amount: payment.amount,
      method: 'giftLink',
      note: '',
      source: 'giftLink',
      paymentRef: payment.paymentRef,
    },
  ]);
  return added > 0;
};

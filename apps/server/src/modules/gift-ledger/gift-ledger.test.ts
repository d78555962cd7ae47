import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_THANKS_LINES, type GiftImportResult, type GiftLedgerResponse, type GuestListResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest, setGuestAnswer } from '../guests/guest-test-kit.js';
import { createMessageRenderer } from '../messaging/templates/render.js';
import { recipientFilter } from '../messaging/engine/outbox.repository.js';
import { templateTextIssues } from '../messaging/templates/template-rules.js';

/** Issue 32 on the real database: sides (labels, filter, stats, import, export) and the gift ledger. */

let t: TestApp;
let owner: string;
let stranger: string;
let cohost: string;
let eventId: string;
const ids: Record<'dana' | 'yoav' | 'rina' | 'avi', string> = { dana: '', yoav: '', rina: '', avi: '' };
const phones: Record<string, string> = {};

const ledger = async (token = owner) => {
  const res = await t.request('GET', `/gift-ledger/${eventId}`, { token });
  return { status: res.statusCode, body: res.json() as GiftLedgerResponse };
};
const record = (body: unknown, token = owner) => t.request('POST', `/gift-ledger/${eventId}/entries`, { token, body });

const sheetOf = async (rows: (string | number)[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Gifts');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
const upload = (file: Buffer, commit: boolean, token = owner) => {
  const boundary = '----gift-ledger-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gifts.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/gift-ledger/import/${eventId}?commit=${commit}`,
    headers: { 'x-platform': 'web', authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  owner = (await signUpHost(t)).token;
  stranger = (await signUpHost(t)).token;
  const co = await signUpHost(t, { fullName: 'Co Host' });
  cohost = co.token;
  eventId = await createEvent(t, owner);
  await createEvent(t, stranger);
  const { rows } = await t.ctx.db.execute<{ id: string }>(sql`select id from users where email = ${co.email}`);
  await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${eventId}, ${rows[0]!.id}, 'cohost')`);
  const dana = await addGuest(t, owner, eventId, { fullName: 'Dana Levi', phoneNumber: '050-600-0001', side: 'a', countOfInvites: 2 });
  const yoav = await addGuest(t, owner, eventId, { fullName: 'Yoav Cohen', phoneNumber: '050-600-0002', side: 'b' });
  const rina = await addGuest(t, owner, eventId, { fullName: 'Rina Mor', phoneNumber: '050-600-0003', side: 'both' });
  const avi = await addGuest(t, owner, eventId, { fullName: 'Avi Ben', phoneNumber: '050-600-0004' });
  Object.assign(ids, { dana: dana.id, yoav: yoav.id, rina: rina.id, avi: avi.id });
  for (const g of [dana, yoav, rina, avi]) phones[g.id] = g.phoneNumber;
  await setGuestAnswer(t, dana.id, 'approved', 2);
  await setGuestAnswer(t, yoav.id, 'approved', 1);
  await setGuestAnswer(t, rina.id, 'approved', 1);
  await setGuestAnswer(t, avi.id, 'declined', 0);
});
afterAll(async () => {
  await t?.close();
});

describe('sides', () => {
  it('keeps the side on create and edit, labels per event, filters the list and splits the statistics', async () => {
    expect(dtoSide(await t.request('GET', `/guests/list/${eventId}?side=a`, { token: owner }))).toEqual(['Dana Levi']);
    expect(dtoSide(await t.request('GET', `/guests/list/${eventId}?side=none`, { token: owner }))).toEqual(['Avi Ben']);
    expect((await t.request('GET', `/guests/list/${eventId}?side=c`, { token: owner })).statusCode).toBe(400);
    const edit = await t.request('PUT', `/guests/edit/${eventId}/${ids.avi}`, { token: owner, body: { side: 'b' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(dtoSide(await t.request('GET', `/guests/list/${eventId}?side=b`, { token: owner })).sort()).toEqual(['Avi Ben', 'Yoav Cohen']);
    await t.request('PUT', `/guests/edit/${eventId}/${ids.avi}`, { token: owner, body: { side: null } });

    expect((await t.request('GET', `/guests/sides/${eventId}`, { token: owner })).json()).toEqual({ a: '', b: '' });
    const saved = await t.request('PUT', `/guests/sides/${eventId}`, { token: cohost, body: { a: 'דנה', b: 'יואב' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.request('PUT', `/guests/sides/${eventId}`, { token: owner, body: { a: 'x\u202Ey', b: '' } })).statusCode).toBe(400);
    expect((await t.request('PUT', `/guests/sides/${eventId}`, { token: stranger, body: { a: 'x', b: 'y' } })).statusCode).toBe(404);

    const stats = (await t.request('GET', `/stats/${eventId}`, { token: owner })).json() as { bySide: { side: string; guests: number; attending: number; declined: number }[] };
    expect(stats.bySide).toEqual([
      expect.objectContaining({ side: 'a', guests: 1, attending: 2 }),
      expect.objectContaining({ side: 'b', guests: 1, attending: 1 }),
      expect.objectContaining({ side: 'both', guests: 1, attending: 1 }),
      expect.objectContaining({ side: 'none', guests: 1, attending: 0, declined: 1 }),
    ]);
  });

  it('imports a side column (letters or the host\'s labels) and reports an unknown side', async () => {
    const res = await t.request('POST', `/guests/rows/${eventId}?commit=true`, {
      token: owner,
      body: {
        rows: [
          { fullName: 'Side Label', phoneNumber: '050-600-0101', side: 'יואב' },
          { fullName: 'Side Letter', phoneNumber: '050-600-0102', side: 'A' },
          { fullName: 'Side Bad', phoneNumber: '050-600-0103', side: 'cousins', group: 'Family' },
          // A side column that is really the host's grouping ("כלה", "עבודה"): the row's group, when it names none.
          { fullName: 'Side Grouped', phoneNumber: '050-600-0104', side: 'cousins' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { imported: number; errors: { row: number; column: string; code: string }[] };
    expect(body.imported).toBe(3);
    expect(body.errors).toEqual([expect.objectContaining({ row: 3, column: 'side', code: 'UNKNOWN_SIDE' })]);
    const { rows } = await t.ctx.db.execute<{ full_name: string; side: string | null; group_name: string | null }>(
      sql`select g.full_name, g.side, gr.name as group_name from guests g left join guest_groups gr on gr.id = g.group_id
        where g.event_id = ${eventId} and g.full_name like 'Side %' order by g.full_name`,
    );
    expect(rows).toEqual([
      { full_name: 'Side Grouped', side: null, group_name: 'cousins' },
      { full_name: 'Side Label', side: 'b', group_name: null },
      { full_name: 'Side Letter', side: 'a', group_name: null },
    ]);
    await t.ctx.db.execute(sql`delete from guests where event_id = ${eventId} and full_name like 'Side %'`);
  });

  it('exports the side with the host\'s label', async () => {
    const res = await t.request('GET', `/guests/export/${eventId}/he`, { token: owner });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const titles = (sheet.getRow(1).values as unknown[]).map(String);
    const sideColumn = titles.indexOf('צד');
    expect(sideColumn).toBeGreaterThan(0);
    const byName = new Map<string, string>();
    sheet.eachRow((row, n) => {
      if (n > 1) byName.set(String(row.getCell(1).value), String(row.getCell(sideColumn).value ?? ''));
    });
    expect(byName.get('Dana Levi')).toBe('דנה');
    expect(byName.get('Rina Mor')).toBe('שני הצדדים');
    expect(byName.get('Avi Ben')).toBe('');
  });
});

const dtoSide = (res: { json: () => unknown }) => (res.json() as GuestListResponse).items.map((g) => g.fullName);

describe('gift ledger', () => {
  it('refuses a stranger everywhere, lets a co-host record', async () => {
    expect((await ledger(stranger)).status).toBe(404);
    expect((await record({ guestId: ids.dana, amount: 100, method: 'cash' }, stranger)).statusCode).toBe(404);
    expect((await t.request('GET', `/gift-ledger/export/${eventId}/he`, { token: stranger })).statusCode).toBe(404);
    expect((await upload(await sheetOf([['name', 'amount'], ['Dana Levi', 100]]), true, stranger)).statusCode).toBe(404);
    const res = await record({ guestId: ids.dana, amount: 50_000, method: 'cheque', note: 'מהדודים' }, cohost);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a bad amount, an unknown method, control characters in the note and another event\'s guest', async () => {
    expect((await record({ guestId: ids.dana, amount: 0, method: 'cash' })).statusCode).toBe(400);
    expect((await record({ guestId: ids.dana, amount: 10.5, method: 'cash' })).statusCode).toBe(400);
    expect((await record({ guestId: ids.dana, amount: 100, method: 'crypto' })).statusCode).toBe(400);
    expect((await record({ guestId: ids.dana, amount: 100, method: 'cash', note: 'a\u202Eb' })).statusCode).toBe(400);
    const other = await createEvent(t, owner);
    const foreign = await addGuest(t, owner, other, { fullName: 'Elsewhere' });
    expect((await record({ guestId: foreign.id, amount: 100, method: 'cash' })).statusCode).toBe(404);
  });

  it('totals by method and by side, and lists the guests who came and gave nothing', async () => {
    await record({ guestId: ids.dana, amount: 36_000, method: 'bit' });
    const { body } = await ledger();
    expect(body.totals.amount).toBe(86_000);
    expect(body.totals.count).toBe(2);
    expect(body.totals.givers).toBe(1);
    expect(body.totals.byMethod.cheque).toEqual({ amount: 50_000, count: 1 });
    expect(body.totals.byMethod.bit).toEqual({ amount: 36_000, count: 1 });
    expect(body.totals.bySide.a).toEqual({ amount: 86_000, count: 2 });
    expect(body.totals.bySide.b).toEqual({ amount: 0, count: 0 });
    expect(body.cameWithoutGift.map((g) => g.fullName)).toEqual(['Rina Mor', 'Yoav Cohen']);
    expect(body.sideLabels).toEqual({ a: 'דנה', b: 'יואב' });
  });

  it('imports good rows and reports each bad one by row, column and code, adding nothing bad', async () => {
    const file = await sheetOf([
      ['מתנות החתונה'],
      ['שם', 'טלפון', 'סכום', 'אמצעי', 'הערה'],
      ['Yoav Cohen', '', '500', 'מזומן', ''],
      ['', '050-600-0003', '₪1,000.50', 'Bank transfer', 'thanks'],
      ['Nobody Here', '', '100', 'cash', ''],
      ['Dana Levi', '', 'abc', 'cash', ''],
      ['Dana Levi', '', '100', 'bitcoin', ''],
    ]);
    const check = await upload(file, false);
    expect(check.statusCode, check.body).toBe(200);
    expect((check.json() as GiftImportResult).added).toBe(2);
    expect((await ledger()).body.totals.count).toBe(2);
    const res = await upload(file, true);
    const body = res.json() as GiftImportResult;
    expect(body).toMatchObject({ total: 5, added: 2, committed: true });
    expect(body.errors).toEqual([
      { row: 5, column: 'guest', code: 'GUEST_NOT_FOUND', value: 'Nobody Here' },
      { row: 6, column: 'amount', code: 'AMOUNT_INVALID', value: 'abc' },
      { row: 7, column: 'method', code: 'METHOD_UNKNOWN', value: 'bitcoin' },
    ]);
    const after = (await ledger()).body;
    expect(after.totals.count).toBe(4);
    expect(after.totals.byMethod.cash).toEqual({ amount: 50_000, count: 1 });
    expect(after.totals.byMethod.bankTransfer).toEqual({ amount: 100_050, count: 1 });
    expect(after.cameWithoutGift).toEqual([]);
    expect((await upload(Buffer.from('not a sheet'), false)).statusCode).toBe(400);
  });

  it('adds an approved gift-link payment by itself, once per payment', async () => {
    await t.ctx.db.execute(sql`insert into gift_accounts (event_id, status, provider, provider_ref, link)
      values (${eventId}, 'APPROVED', 'sandbox', 'gift_ledgertest', 'http://x/dev/gift/gift_ledgertest')`);
    const pay = (body: object) => t.app.inject({ method: 'POST', url: '/dev/gift/gift_ledgertest/payments', payload: body });
    const first = await pay({ paymentRef: 'pay_1', amount: 25_000, payerName: 'Rina', payerPhone: phones[ids.rina] });
    expect(first.statusCode, first.body).toBe(200);
    expect((await pay({ paymentRef: 'pay_1', amount: 25_000, payerName: 'Rina', payerPhone: phones[ids.rina] })).statusCode).toBe(200);
    await pay({ paymentRef: 'pay_2', amount: 18_000, payerName: 'Someone Not Listed', payerPhone: '050-699-9999' });
    expect((await t.app.inject({ method: 'POST', url: '/dev/gift/gift_unknown/payments', payload: { amount: 100 } })).statusCode).toBe(404);
    const { body } = await ledger();
    const link = body.entries.filter((e) => e.source === 'giftLink');
    expect(link.map((e) => [e.guestName, e.amount, e.method]).sort()).toEqual([
      ['Rina Mor', 25_000, 'giftLink'],
      ['Someone Not Listed', 18_000, 'giftLink'],
    ]);
  });

  it('exports the ledger as xlsx in the language, right to left for Hebrew, with a totals row', async () => {
    const res = await t.request('GET', `/gift-ledger/export/${eventId}/he`, { token: cohost });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(sheet.getRow(1).getCell(4).value).toBe('סכום');
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('סה״כ');
    expect(last.getCell(4).value).toBe((await ledger()).body.totals.amount / 100);
  });

  it('never shows a gift on the guest\'s list entry or page', async () => {
    const list = await t.request('GET', `/guests/list/${eventId}`, { token: owner });
    expect(list.body).not.toContain('giftLink');
    expect(list.body).not.toContain('50000');
  });
});

describe('the thank-you message', () => {
  it('{giftThanks} says the line to a guest with a gift, nothing to one without, and never the amount', async () => {
    const text = 'תודה {guestName}!\n{giftThanks}\nנתראה';
    await t.ctx.db.execute(sql`insert into message_templates (event_id, purpose, round, lang, text, status) values (${eventId}, 'thanks', 1, 'he', ${text}, 'approved')`);
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const guestOf = async (id: string) => {
      const { rows } = await t.ctx.db.execute<{ full_name: string; invite_salt: string | null }>(sql`select full_name, invite_salt from guests where id = ${id}`);
      return { id, fullName: rows[0]!.full_name, lang: 'he' as const, inviteSalt: rows[0]!.invite_salt };
    };
    const giver = renderer.render({ guest: await guestOf(ids.dana), action: 'thanks', channel: 3 });
    expect(giver.text).toContain(GIFT_THANKS_LINES.he);
    expect(giver.text).not.toMatch(/860|500/);
    await t.ctx.db.execute(sql`delete from gift_ledger_entries where guest_id = ${ids.yoav}`);
    const fresh = await createMessageRenderer(t.ctx, eventId);
    const none = fresh.render({ guest: await guestOf(ids.yoav), action: 'thanks', channel: 3 });
    expect(none.text).not.toContain(GIFT_THANKS_LINES.he);
    expect(none.text.split('\n').slice(0, 2)).toEqual(['תודה Yoav Cohen!', 'נתראה']);
    const sms = fresh.render({ guest: await guestOf(ids.dana), action: 'thanks', channel: 1 });
    expect(sms.smsParts).toBeGreaterThan(0);
  });

  it('takes {giftThanks} only in the thank-you text', () => {
    expect(templateTextIssues('thanks', 'תודה {guestName}!\n{giftThanks}\nנתראה')).toEqual([]);
    expect(templateTextIssues('invitation', '{link} {giftThanks}')).toHaveLength(1);
  });

  it('with "only to guests who gave", the thank-you goes only to guests with a gift recorded', async () => {
    const recipients = async () =>
      (
        await t.ctx.db.execute<{ full_name: string }>(
          sql`select g.full_name from guests g where g.event_id = ${eventId}::uuid and ${recipientFilter('thanks')} order by g.full_name`,
        )
      ).rows.map((r) => r.full_name);
    await t.request('GET', `/actionTiming/${eventId}`, { token: owner });
    expect(await recipients()).toEqual(['Dana Levi', 'Rina Mor', 'Yoav Cohen']);
    const timing = (await t.request('GET', `/actionTiming/${eventId}`, { token: owner })).json() as { actions: { action: string; sendAt: string; enabled: boolean; onlyGivers?: boolean }[] };
    const thanks = timing.actions.find((a) => a.action === 'thanks')!;
    expect(thanks.onlyGivers).toBe(false);
    const patch = await t.request('PATCH', `/actionTiming/${eventId}`, { token: owner, body: { actions: [{ action: 'thanks', sendAt: thanks.sendAt, enabled: true, onlyGivers: true }] } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((patch.json() as typeof timing).actions.find((a) => a.action === 'thanks')!.onlyGivers).toBe(true);
    // Yoav's gift was deleted above: Dana and Rina gave.
    expect(await recipients()).toEqual(['Dana Levi', 'Rina Mor']);
  });
});

describe('retention and deletion', () => {
  it('deleting the event removes its gifts', async () => {
    const other = await createEvent(t, owner);
    const guest = await addGuest(t, owner, other, { fullName: 'Gone Soon' });
    await t.request('POST', `/gift-ledger/${other}/entries`, { token: owner, body: { guestId: guest.id, amount: 100, method: 'cash' } });
    const count = async () => (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from gift_ledger_entries where event_id = ${other}`)).rows[0]!.n;
    expect(await count()).toBe(1);
    await t.ctx.db.execute(sql`delete from events where id = ${other}`);
    expect(await count()).toBe(0);
  });
});

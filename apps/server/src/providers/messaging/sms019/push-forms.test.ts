import { describe, expect, it } from 'vitest';
import { e164Of019Number, format019Date, parse019Date, toLocal019Number } from './client.js';
import { parse019Blacklist, parse019Dlr, parse019Inbound } from './index.js';

const OUTBOX = '0b6f1d2e-3c4a-4b5c-8d9e-0f1a2b3c4d5e';

describe('parse019Dlr', () => {
  it('reads one pushed report: our outbox id, the mapped state, Israeli time', () => {
    const hints = parse019Dlr({ external_id: OUTBOX, status: '102', date: '24/11/2026 10:15:30', phone: '0501234567', he_message: 'הגיע ליעד', en_message: 'Delivered' });
    expect(hints).toEqual([
      {
        key: `${OUTBOX}:102`,
        outboxId: OUTBOX,
        providerMessageId: OUTBOX,
        report: { channel: 1, providerMessageId: OUTBOX, outboxId: OUTBOX, state: 'delivered', reason: null, at: new Date('2026-11-24T08:15:30Z') },
      },
    ]);
  });

  it('maps the Israeli failures to our reasons', () => {
    const reasonOf = (status: string) => parse019Dlr({ external_id: OUTBOX, status })[0]?.report;
    expect(reasonOf('15')).toMatchObject({ state: 'failed', reason: 'kosherNoSms' });
    expect(reasonOf('16')).toMatchObject({ state: 'failed', reason: 'notAllowedNow' });
    expect(reasonOf('17')).toMatchObject({ state: 'failed', reason: 'optedOut' });
    expect(reasonOf('201')).toMatchObject({ state: 'failed', reason: 'optedOut' });
    expect(reasonOf('-1')).toMatchObject({ state: 'sent', reason: null });
  });

  it('keeps an undocumented status as a hint without a report (the query decides)', () => {
    expect(parse019Dlr({ external_id: OUTBOX, status: '4242' })).toEqual([{ key: `${OUTBOX}:4242`, outboxId: OUTBOX, providerMessageId: OUTBOX, report: null }]);
  });

  it('reads several reports posted together', () => {
    const other = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const hints = parse019Dlr({
      'transactions[0][external_id]': OUTBOX,
      'transactions[0][status]': '0',
      'transactions[1][external_id]': other,
      'transactions[1][status]': '15',
    });
    expect(hints.map((h) => [h.outboxId, h.report?.state, h.report?.reason])).toEqual([
      [OUTBOX, 'delivered', null],
      [other, 'failed', 'kosherNoSms'],
    ]);
  });

  it('reads repeated fields handed over as arrays, with a shared date', () => {
    const other = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const form = { external_id: [OUTBOX, other], status: ['102', '201'], date: '24/11/2026 10:15:30' } as unknown as Record<string, string>;
    expect(parse019Dlr(form).map((h) => [h.outboxId, h.report?.state, h.report?.reason, h.report?.at.toISOString()])).toEqual([
      [OUTBOX, 'delivered', null, '2026-11-24T08:15:30.000Z'],
      [other, 'failed', 'optedOut', '2026-11-24T08:15:30.000Z'],
    ]);
  });

  it.each([
    {},
    { status: '0' },
    { external_id: OUTBOX },
    { external_id: OUTBOX, status: 'delivered' },
    { external_id: 'order-10052', status: '0' },
    { external_id: OUTBOX, status: '0'.repeat(50) },
  ])('an odd form gives nothing: %o', (form) => {
    expect(parse019Dlr(form as Record<string, string>)).toEqual([]);
  });

  it('never throws', () => {
    expect(parse019Dlr(null as unknown as Record<string, string>)).toEqual([]);
    expect(parse019Dlr({ external_id: OUTBOX, status: '0', date: '99/99/99 99:99' })[0]?.report?.state).toBe('delivered');
  });
});

describe('parse019Inbound', () => {
  it('reads the sender as E.164, the text as sent and the Israeli time', () => {
    const [first, ...rest] = parse019Inbound({ phone: '0501234567', message: 'הסר', date: '24/11/26 10:15', destination: '0551234567' });
    expect(rest).toEqual([]);
    expect(first!.reply).toMatchObject({ channel: 1, from: '+972501234567', text: 'הסר', at: new Date('2026-11-24T08:15:00Z') });
    expect(first!.reply.providerMessageId).toBe(first!.key);
  });

  it('the same push twice has the same key; another text another key', () => {
    const form = { phone: '972501234567', message: '1', date: '24/11/2026 10:15:00' };
    expect(parse019Inbound(form)[0]!.key).toBe(parse019Inbound({ ...form })[0]!.key);
    expect(parse019Inbound({ ...form, message: '2' })[0]!.key).not.toBe(parse019Inbound(form)[0]!.key);
    expect(parse019Inbound({ ...form, id: '778899' })[0]!.key).toBe('in:778899');
  });

  it('the key does not carry the number or the text', () => {
    const key = parse019Inbound({ phone: '0501234567', message: 'stop', date: '24/11/2026 10:15:00' })[0]!.key;
    expect(key).not.toContain('501234567');
    expect(key).not.toContain('stop');
  });

  it.each([{}, { phone: '0501234567' }, { message: 'הסר' }, { phone: 'abc', message: 'הסר' }, { phone: '0501234567', message: '   ' }])('an odd form gives nothing: %o', (form) => {
    expect(parse019Inbound(form as Record<string, string>)).toEqual([]);
  });
});

describe('numbers and dates on the wire', () => {
  it('writes numbers in the local form 019 expects', () => {
    expect(toLocal019Number('+972501234567')).toBe('0501234567');
    expect(toLocal019Number('+447700900123')).toBe('00447700900123');
    expect(toLocal019Number('not a number')).toBeNull();
  });

  it('reads numbers in every form 019 may report', () => {
    for (const raw of ['0501234567', '501234567', '972501234567', '+972501234567', '00972501234567', '050-123-4567']) expect(e164Of019Number(raw)).toBe('+972501234567');
    expect(e164Of019Number('12')).toBeNull();
  });

  it('dates are Israeli wall-clock time, summer and winter', () => {
    expect(format019Date(new Date('2026-11-24T08:15:00Z'))).toBe('24/11/26 10:15');
    expect(format019Date(new Date('2026-07-01T08:15:00Z'))).toBe('01/07/26 11:15');
    expect(parse019Date('2026-07-01 11:15:00')).toEqual(new Date('2026-07-01T08:15:00Z'));
    expect(parse019Date('1795000000')).toEqual(new Date(1_795_000_000_000));
    expect(parse019Date('yesterday')).toBeNull();
  });
});

describe('parse019Blacklist', () => {
  it('reads the blocked number as E.164 with a replay key free of the number', () => {
    const [entry, ...rest] = parse019Blacklist({ phone: '0501234567', date: '24/11/2026 10:15:30' });
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ phone: '+972501234567', at: new Date('2026-11-24T08:15:30Z') });
    expect(entry!.key).not.toContain('501234567');
    expect(parse019Blacklist({ phone: '0501234567', date: '24/11/2026 10:15:30' })[0]!.key).toBe(entry!.key);
  });

  it.each([{}, { phone: 'x' }, null])('an odd form gives nothing: %o', (form) => {
    expect(parse019Blacklist(form as unknown as Record<string, string>)).toEqual([]);
  });
});

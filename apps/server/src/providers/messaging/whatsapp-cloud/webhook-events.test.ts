import { describe, expect, it } from 'vitest';
import { parseWhatsAppWebhook } from './webhook-events.js';

const envelope = (field: string, value: unknown, time = 1_717_000_500) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '1029384756', time, changes: [{ field, value }] }],
});
const metadata = { display_phone_number: '972533000000', phone_number_id: '1122334455' };

describe('parseWhatsAppWebhook', () => {
  it('reads statuses with the echoed outbox id, played as read and a failure code', () => {
    const events = parseWhatsAppWebhook(
      envelope('messages', {
        messaging_product: 'whatsapp',
        metadata,
        statuses: [
          { id: 'wamid.A', status: 'sent', timestamp: '1717000000', recipient_id: '972501234567', biz_opaque_callback_data: 'outbox-1',
            conversation: { id: 'c1', origin: { type: 'marketing' } }, pricing: { billable: true, pricing_model: 'PMP', category: 'marketing' } },
          { id: 'wamid.A', status: 'delivered', timestamp: '1717000005', recipient_id: '972501234567' },
          { id: 'wamid.B', status: 'played', timestamp: 1717000010, recipient_id: '972501234568' },
          { id: 'wamid.C', status: 'failed', timestamp: '1717000020', recipient_id: '972501234569', biz_opaque_callback_data: 'outbox-3',
            errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'x' } }] },
        ],
      }),
    );
    expect(events).toEqual([
      { kind: 'status', key: 'wamid.A:sent', report: { channel: 3, providerMessageId: 'wamid.A', state: 'sent', reason: null, at: new Date(1_717_000_000_000), outboxId: 'outbox-1' } },
      { kind: 'status', key: 'wamid.A:delivered', report: { channel: 3, providerMessageId: 'wamid.A', state: 'delivered', reason: null, at: new Date(1_717_000_005_000), outboxId: null } },
      { kind: 'status', key: 'wamid.B:played', report: { channel: 3, providerMessageId: 'wamid.B', state: 'read', reason: null, at: new Date(1_717_000_010_000), outboxId: null } },
      { kind: 'status', key: 'wamid.C:failed', report: { channel: 3, providerMessageId: 'wamid.C', state: 'failed', reason: '131026', at: new Date(1_717_000_020_000), outboxId: 'outbox-3' } },
    ]);
  });

  it('reads a quick-reply tap, typed Hebrew text, a list choice and an interactive button', () => {
    const events = parseWhatsAppWebhook(
      envelope('messages', {
        messaging_product: 'whatsapp',
        metadata,
        contacts: [{ profile: { name: 'דנה' }, wa_id: '972501234567' }],
        messages: [
          { from: '972501234567', id: 'wamid.IN1', timestamp: '1717000100', type: 'button',
            context: { from: '972533000000', id: 'wamid.OUT1' }, button: { payload: 'rsvp:approved:outbox-1', text: 'מגיע/ה' } },
          { from: '972501234567', id: 'wamid.IN2', timestamp: '1717000110', type: 'text', text: { body: 'הסר' } },
          { from: '972501234567', id: 'wamid.IN3', timestamp: '1717000120', type: 'interactive', context: { id: 'wamid.OUT2' },
            interactive: { type: 'list_reply', list_reply: { id: 'count:3:outbox-1', title: '3 אורחים', description: '' } } },
          { from: '972501234567', id: 'wamid.IN4', timestamp: '1717000130', type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'כן' } } },
        ],
      }),
    );
    expect(events).toEqual([
      { kind: 'message', key: 'wamid.IN1', reply: { channel: 3, from: '+972501234567', text: 'מגיע/ה', at: new Date(1_717_000_100_000), providerMessageId: 'wamid.IN1', payload: 'rsvp:approved:outbox-1', contextMessageId: 'wamid.OUT1' } },
      { kind: 'message', key: 'wamid.IN2', reply: { channel: 3, from: '+972501234567', text: 'הסר', at: new Date(1_717_000_110_000), providerMessageId: 'wamid.IN2', payload: null, contextMessageId: null } },
      { kind: 'message', key: 'wamid.IN3', reply: { channel: 3, from: '+972501234567', text: '3 אורחים', at: new Date(1_717_000_120_000), providerMessageId: 'wamid.IN3', payload: 'count:3:outbox-1', contextMessageId: 'wamid.OUT2' } },
      { kind: 'message', key: 'wamid.IN4', reply: { channel: 3, from: '+972501234567', text: 'כן', at: new Date(1_717_000_130_000), providerMessageId: 'wamid.IN4', payload: 'yes', contextMessageId: null } },
    ]);
  });

  it('reads template status updates (approval, rejection with reason, in appeal, archived) and category changes', () => {
    const approved = parseWhatsAppWebhook(
      envelope('message_template_status_update', {
        event: 'APPROVED', message_template_id: 987654321, message_template_name: 'magiim_inv_ab12', message_template_language: 'he',
        reason: 'NONE', message_template_category: 'MARKETING',
      }),
    );
    expect(approved).toEqual([
      { kind: 'template', key: '987654321:APPROVED:1717000500', providerId: '987654321', name: 'magiim_inv_ab12', lang: 'he', status: 'approved', category: 'MARKETING', reason: null },
    ]);
    const rejected = parseWhatsAppWebhook(
      envelope('message_template_status_update', {
        event: 'REJECTED', message_template_id: '555', message_template_name: 'magiim_inv_cd34', message_template_language: 'ar', reason: 'INVALID_FORMAT',
      }, 1_717_000_600),
    );
    expect(rejected).toEqual([
      { kind: 'template', key: '555:REJECTED:1717000600', providerId: '555', name: 'magiim_inv_cd34', lang: 'ar', status: 'rejected', category: null, reason: 'INVALID_FORMAT' },
    ]);
    const odd = parseWhatsAppWebhook({
      entry: [
        { time: 1, changes: [
          { field: 'message_template_status_update', value: { event: 'IN_APPEAL', message_template_id: 1, message_template_name: 'a', message_template_language: 'ru' } },
          { field: 'message_template_status_update', value: { event: 'ARCHIVED', message_template_id: 2, message_template_name: 'b', message_template_language: 'en' } },
          { field: 'message_template_status_update', value: { event: 'FLAGGED_SOMEHOW', message_template_id: 3, message_template_name: 'c', message_template_language: 'en' } },
          { field: 'template_category_update', value: { message_template_id: 4, message_template_name: 'd', message_template_language: 'he', previous_category: 'UTILITY', new_category: 'MARKETING' } },
        ] },
      ],
    });
    expect(odd.map((event) => (event.kind === 'template' ? [event.key, event.status, event.category] : null))).toEqual([
      ['1:IN_APPEAL:1', 'pending', null],
      ['2:ARCHIVED:1', 'deleted', null],
      ['3:FLAGGED_SOMEHOW:1', null, null],
      ['4:CATEGORY_MARKETING:1', null, 'MARKETING'],
    ]);
  });

  it('skips malformed parts without throwing and keeps the good ones beside them', () => {
    const odd: unknown[] = [
      null, 42, 'text', [], {}, { entry: 'x' }, { entry: [null, 1, { changes: 'x' }, { changes: [null, { field: 'messages' }, { field: 'messages', value: [] }] }] },
    ];
    for (const body of odd) expect(parseWhatsAppWebhook(body)).toEqual([]);
    const events = parseWhatsAppWebhook(
      envelope('messages', {
        statuses: [
          { id: 'wamid.X', status: 'deleted', timestamp: '1717000000' },
          { id: 'wamid.Y', status: 'sent' },
          { status: 'sent', timestamp: '1717000000' },
          { id: 'wamid.Z', status: 'sent', timestamp: 'yesterday' },
          { id: 'wamid.OK', status: 'failed', timestamp: '1717000000' },
        ],
        messages: [
          { from: '+972501234567', id: 'wamid.I1', timestamp: '1717000000', type: 'text', text: { body: 'שלום' } },
          { from: '972501234567', id: 'wamid.I2', timestamp: '1717000000', type: 'sticker', sticker: { id: 's' } },
          { from: '972501234567', id: 'wamid.I3', timestamp: '1717000000', type: 'text', text: {} },
          { from: '972501234567', id: 'wamid.I4', timestamp: '1717000000', type: 'image', image: { id: 'm', caption: 'נתראה' } },
        ],
      }),
    );
    expect(events.map((event) => event.key)).toEqual(['wamid.OK:failed', 'wamid.I4']);
    expect(events[0]?.kind === 'status' && events[0].report.reason).toBe('unknown');
  });
});

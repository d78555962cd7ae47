import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/features/messaging.en.json';
import callsEn from '../../../i18n/features/call-round.en.json';
import { describeMessage, MessageProgress } from './message-progress';

const i18n = i18next.createInstance();
// As the app sets it (React escapes).
void i18n.init({ lng: 'en', resources: { en: { translation: { ...en, ...callsEn } } }, initAsync: false, interpolation: { escapeValue: false } });

const render = (node: React.ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe('MessageProgress', () => {
  it('names each mark by type, state and channel (not colour alone), with the reason of a failure', () => {
    expect(describeMessage(i18n.t, { type: 1, channel: 3, state: 'read', reason: null })).toBe('Invitation: Read (channel: WhatsApp)');
    expect(describeMessage(i18n.t, { type: 2, channel: 1, state: 'failed', reason: 'wrongNumber' })).toBe('Directions: Failed (channel: SMS), reason: wrong number');
    expect(describeMessage(i18n.t, { type: 3, channel: 3, state: 'failed', reason: '131026' })).toBe('Thank you: Failed (channel: WhatsApp), reason: not on WhatsApp');
    // No raw code on screen: a code without words of its own reads "not delivered".
    expect(describeMessage(i18n.t, { type: 1, channel: 3, state: 'failed', reason: 'http503' })).toBe('Invitation: Failed (channel: WhatsApp), reason: not delivered');
    expect(describeMessage(i18n.t, { type: 1, channel: 1, state: 'failed', reason: 'undeliverable' })).toBe('Invitation: Failed (channel: SMS), reason: the number could not receive it');
    expect(describeMessage(i18n.t, { type: 1, channel: 1, state: 'skipped', reason: 'landline' })).toContain('reason: landline: calls only');
    expect(describeMessage(i18n.t, { type: 1, channel: 3, state: 'skipped', reason: 'cancelled' })).toContain('reason: sending stopped: package cancelled');
  });

  it("explains the real channels' reasons: the daily limit, Meta's template, unsure and undelivered sends, 019's codes", () => {
    const reason = (state: 'queued' | 'sent' | 'delivered' | 'failed' | 'skipped', code: string, channel: 1 | 3 = 3) =>
      describeMessage(i18n.t, { type: 1, channel, state, reason: code }).split('reason: ')[1];
    expect(reason('skipped', 'dailyLimit')).toBe("WhatsApp's daily limit reached");
    // Waiting for tomorrow's tier, sent without a confirmation, given an SMS for want of a delivery: said whatever the state.
    expect(reason('queued', 'dailyLimit')).toBe("WhatsApp's daily limit reached");
    expect(reason('sent', 'uncertain')).toBe('sending not confirmed');
    expect(reason('sent', 'noDelivery')).toBe('not delivered on WhatsApp in time – sent by SMS');
    // A send whose outcome stayed unknown, settled by SMS; a guest WhatsApp already could not reach in this event.
    expect(reason('sent', 'uncertainSms')).toBe('outcome unknown, sent by SMS');
    expect(reason('delivered', 'uncertainSms')).toBe('outcome unknown, sent by SMS');
    expect(reason('skipped', 'whatsappUnreachable')).toBe('not reachable on WhatsApp – sent by SMS');
    expect(reason('skipped', 'templateNotApproved')).toBe('WhatsApp template not approved in time – sent by SMS');
    expect(reason('skipped', '131050')).toBe('stopped marketing messages on WhatsApp – gets SMS');
    expect(reason('failed', '131049')).toBe('WhatsApp held back this marketing message');
    expect(reason('failed', 'invalidNumber', 1)).toBe(reason('failed', 'wrongNumber', 1));
    for (const code of ['kosherNoSms', 'optedOut', 'notAllowedNow', 'noCredit']) expect(reason('failed', code, 1)).not.toBe(code);
    expect(reason('failed', 'sms019:998', 1)).toBe('SMS not delivered (code 998)');
    expect(reason('failed', 'sms019:http503', 1)).toBe('SMS not delivered (code http503)');
    // Any other reason on a message that went is not a failure's reason.
    expect(describeMessage(i18n.t, { type: 1, channel: 3, state: 'sent', reason: 'http503' })).toBe('Invitation: Sent (channel: WhatsApp)');
  });

  it('shows one mark per message in type order and the opt-out badge', () => {
    const html = render(
      <MessageProgress
        optedOut
        messages={[
          { type: 3, channel: 1, state: 'failed', reason: null, at: '2027-01-01T10:00:00Z' },
          { type: 1, channel: 3, state: 'delivered', reason: null, at: '2027-01-01T09:00:00Z' },
        ]}
      />,
    );
    expect(html.indexOf('data-type="1"')).toBeLessThan(html.indexOf('data-type="3"'));
    expect(html).toContain('aria-label="Invitation: Delivered (channel: WhatsApp)"');
    expect(html).toContain('No messages');
    expect(render(<MessageProgress optedOut={false} messages={[]} />)).not.toContain('No messages');
  });

  it('shows a call as a teal phone with what became of it: calling, answered, no answer after 3 tries, failed', () => {
    const call = (state: 'queued' | 'sent' | 'delivered' | 'failed' | 'skipped', reason: string | null = null) =>
      render(<MessageProgress optedOut={false} messages={[{ type: 4, channel: 2, state, reason, at: '2027-01-01T10:00:00Z' }]} />);
    expect(call('sent')).toContain('aria-label="Call: Calling"');
    expect(call('sent')).toContain('data-call="calling"');
    expect(call('delivered')).toContain('aria-label="Call: Answered"');
    expect(call('failed', 'noAnswer')).toContain('aria-label="Call: No answer after 3 tries"');
    expect(call('failed', 'noAnswer')).toContain('data-call="noAnswer"');
    expect(call('failed', 'busy')).toContain('aria-label="Call: Call failed, reason: line busy"');
    expect(call('skipped', 'answered')).toContain('aria-label="Call: Not called, reason: answered meanwhile"');
    expect(call('queued')).toContain('aria-label="Call: Waiting to call"');
    // Waiting for the next try after no answer: not "calling" (a call on the wire only), "waiting for the next try" (issue 27 §2).
    expect(call('queued', 'noAnswer')).toContain('aria-label="Call: Waiting for the next try"');
    // The phone icon takes the call's teal (spec §3).
    expect(call('sent')).toContain('color:#00796b');
    // A call is never described as a message's delivery.
    expect(describeMessage(i18n.t, { type: 4, channel: 2, state: 'delivered', reason: null })).not.toContain('channel');
  });
});

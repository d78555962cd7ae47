import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/features/messaging.en.json';
import { describeMessage, MessageProgress } from './message-progress';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false });

const render = (node: React.ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe('MessageProgress', () => {
  it('names each mark by type, state and channel (not colour alone), with the reason of a failure', () => {
    expect(describeMessage(i18n.t, { type: 1, channel: 3, state: 'read', reason: null })).toBe('Invitation: Read (channel: WhatsApp)');
    expect(describeMessage(i18n.t, { type: 2, channel: 1, state: 'failed', reason: 'wrongNumber' })).toBe('Directions: Failed (channel: SMS), reason: wrong number');
    expect(describeMessage(i18n.t, { type: 3, channel: 1, state: 'failed', reason: '131026' })).toContain('reason: 131026');
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
});

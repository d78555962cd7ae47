import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../app/api-error';
import core from '../../../i18n/locales/en.json';
import messaging from '../../../i18n/features/messaging.en.json';
import { SendingRefusal } from './sending-refusal';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: { ...core, ...messaging } } }, initAsync: false });
const render = (error: unknown, onUse?: (next: string) => void) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <SendingRefusal error={error} onUse={onUse} />
    </I18nextProvider>,
  ).replace(/[\u2066-\u2069]/g, '');

describe('SendingRefusal', () => {
  it('says why outside the sending hours, the next possible time, and offers to use it', () => {
    const error = new ApiError(400, 'OUTSIDE_SENDING_HOURS', 'no', [], { nextAllowed: '2027-03-14T09:00' });
    const html = render(error, () => undefined);
    expect(html).toContain(core.errors.OUTSIDE_SENDING_HOURS);
    expect(html).toContain('Next possible time:');
    expect(html).toContain('14 Mar 2027');
    expect(html).toContain('09:00');
    expect(html).toContain('Use this time');
  });

  it('shows another refusal without a time, and nothing without an error', () => {
    const html = render(new ApiError(409, 'EVENT_NOT_PAID', 'no'));
    expect(html).toContain(core.errors.EVENT_NOT_PAID);
    expect(html).not.toContain('Next possible time');
    expect(render(null)).toBe('');
  });
});

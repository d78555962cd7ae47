import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { CALL_PARTS, type CallScriptParts, type EventDto, type VoiceTemplatesResponse } from '@magiim/shared';
import core from '../../../i18n/locales/en.json';
import callScript from '../../../i18n/features/call-script.en.json';
import { CallScriptEditor } from './call-script-editor';
import { CallPreviewProvider } from './call-script-player';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: { ...core, ...callScript } } }, initAsync: false });

const event = {
  id: '6f1c2b9e-3f38-4a40-9d55-0c5e0a8f6b11',
  names: { en: "Shira's wedding" },
  date: '2027-03-11',
  time: '19:30',
  location: { placeId: 'il-4000', name: 'Gan Oranim', address: 'Haifa', lat: 32.8, lng: 35, venue: { en: 'Gan Oranim' }, place: { name: { en: 'Haifa' }, address: { en: '' } } },
  defaultLang: 'en',
  langs: ['en'],
  orderPackageId: 2,
} as unknown as EventDto;

const parts: CallScriptParts = {
  greeting: 'Hello {guestName}',
  invitation: 'You are invited to {eventName} on {date} at {time}.',
  question: 'Press 1 if you are coming.',
  count: 'How many of the {countOfInvites}?',
  closing: 'Goodbye.',
};
const data = (own: boolean): VoiceTemplatesResponse => ({ templates: own ? [{ lang: 'en', parts: { ...parts, closing: 'Bye!' } }] : [], defaults: [{ lang: 'en', parts }] });

const render = (premium: boolean, own = false, guest: { fullName: string; countOfInvites: number } | null = null) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <CallPreviewProvider eventId={event.id}>
          <CallScriptEditor event={event} data={data(own)} lang="en" premium={premium} guest={guest} />
        </CallPreviewProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  ).replace(/[\u2066-\u2069]/g, '');

const count = (html: string, needle: string) => html.split(needle).length - 1;
/** The page's words, without styles and tags. */
const words = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('CallScriptEditor', () => {
  it('on premium: five editable parts with chips, Save off until something changes, the suggested script marked', () => {
    const html = render(true);
    expect(count(html, '<textarea')).toBeGreaterThanOrEqual(5);
    for (const part of CALL_PARTS) expect(html, part).toMatch(new RegExp(`<textarea(?=[^>]*data-testid="call-text-${part}")(?![^>]*readonly)`, 'i'));
    expect(count(html, 'data-testid="chip-')).toBe(5 * 6);
    expect(html).toMatch(/data-testid="call-script-save"[^>]*disabled|disabled[^>]*data-testid="call-script-save"/);
    expect(html).toContain(callScript.callScript.status.default);
    expect(html).not.toContain(callScript.callScript.status.unsaved);
  });

  it("shows the host's own script, and offers to restore the suggested one", () => {
    const html = render(true, true);
    expect(html).toContain(callScript.callScript.status.own);
    expect(html).toContain('Bye!');
    expect(html).not.toMatch(/data-testid="call-script-restore"[^>]*disabled/);
  });

  it('off premium: read-only parts, no chips, no Save, and still the preview', () => {
    const html = render(false);
    for (const part of CALL_PARTS) expect(html, part).toMatch(new RegExp(`<textarea(?=[^>]*data-testid="call-text-${part}")(?=[^>]*readonly="")`, 'i'));
    expect(html).not.toContain('data-testid="chip-');
    expect(html).not.toContain('data-testid="call-script-save"');
    expect(html).toContain(callScript.callScript.readOnly);
    expect(html).toContain('data-testid="listen-whole"');
  });

  it('fills the preview for the first guest, or a sample guest with two invites', () => {
    const real = render(true, false, { fullName: 'Dana Cohen', countOfInvites: 1 });
    expect(words(real)).toContain('As Dana Cohen hears it (invited: 1).');
    expect(words(real)).toContain('Hello Dana Cohen');
    expect(real).not.toContain('data-part="count"');
    const sample = render(true);
    expect(words(sample)).toContain('With a sample guest, Dana (invited: 2).');
    expect(words(sample)).toContain('How many of the 2?');
  });
});

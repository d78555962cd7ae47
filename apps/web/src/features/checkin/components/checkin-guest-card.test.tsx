import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { CheckinGuestCard } from './checkin-guest-card';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const guest = { guestId: 'g1', fullName: 'יעל מזרחי', expected: 3, table: { number: 12, name: null }, arrived: true, arrivedPeople: 2 };
const render = (local: number | null | undefined) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <CheckinGuestCard guest={guest} local={local} onArrived={() => undefined} onUndo={() => undefined} />
    </I18nextProvider>,
  );

describe('a guest at the door', () => {
  it.each(['he', 'ar', 'en', 'ru'] as const)('isolates the table and counts left to right inside %s text', async (lang) => {
    await setLanguage(lang);
    const html = render(undefined);
    expect(html).toMatch(/<bdi dir="ltr">12<\/bdi>/);
    expect(html).toMatch(/<bdi dir="ltr">3<\/bdi>/);
    expect(html).toMatch(/<bdi dir="ltr">2<\/bdi>/);
  });

  it('shows a queued undo over the server\'s answer, and says it is not sent yet', async () => {
    await setLanguage('en');
    const html = render(null);
    expect(html).toContain('Not arrived yet');
    expect(html).toContain('not sent yet');
    expect(render(undefined)).not.toContain('not sent yet');
  });
});

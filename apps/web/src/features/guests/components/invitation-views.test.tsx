import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { InvitationViews } from './invitation-views';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

const textOf = async (lang: 'he' | 'en' | 'ru' | 'ar', count: number, long = false) => {
  await setLanguage(lang);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <InvitationViews count={count} long={long} />
    </I18nextProvider>,
  );
  const visible = html.replace(/<style[^>]*>.*?<\/style>/g, '');
  return { html: visible, text: visible.replace(/<[^>]+>/g, '') };
};

describe('InvitationViews', () => {
  it('says a guest who reloaded 17 times opened the invitation, and counts 17 views (not guests)', async () => {
    expect((await textOf('en', 17)).text).toBe('Opened· views: 17');
    expect((await textOf('en', 17, true)).text).toBe('The invitation was opened· views: 17');
    expect((await textOf('he', 17)).text).toBe('נפתחה· צפיות: 17');
    expect((await textOf('he', 1, true)).text).toBe('ההזמנה נפתחה· צפיות: 1');
  });

  it('says "not opened yet" for a guest with no views', async () => {
    expect((await textOf('en', 0)).text).toBe('Not opened yet');
    expect((await textOf('he', 0, true)).text).toBe('ההזמנה עוד לא נפתחה');
    expect((await textOf('ru', 0)).text).toBe('Ещё не открыто');
    expect((await textOf('ar', 0)).text).toBe('لم تُفتح بعد');
    expect((await textOf('he', 0)).html).toContain('data-viewed="false"');
  });

  it('isolates the number from Hebrew and Arabic text', async () => {
    expect((await textOf('he', 17)).html).toMatch(/<bdi dir="ltr"[^>]*>17<\/bdi>/);
    expect((await textOf('ar', 3)).html).toMatch(/<bdi dir="ltr"[^>]*>3<\/bdi>/);
  });
});

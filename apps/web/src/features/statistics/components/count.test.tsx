import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../../app/i18n';
import { Count } from './count';

beforeAll(initI18n);

const render = async (lang: 'he' | 'ar' | 'en', value: number) => {
  await setLanguage(lang);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Count value={value} />
    </I18nextProvider>,
  );
};

describe('Count', () => {
  it('abbreviates from 1,000 with k and isolates the number from RTL text', async () => {
    expect(await render('he', 1234)).toMatch(/^<bdi dir="ltr"[^>]*>1\.2k<\/bdi>$/);
    expect(await render('ar', 999)).toMatch(/>999<\/bdi>$/);
    expect(await render('ar', 20_500)).toMatch(/>20\.5k<\/bdi>$/);
    expect(await render('en', 1000)).toMatch(/>1k<\/bdi>$/);
  });
});

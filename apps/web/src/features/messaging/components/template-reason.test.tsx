import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_RULE_REASONS } from '@magiim/shared';
import he from '../../../i18n/features/messaging.he.json';
import en from '../../../i18n/features/messaging.en.json';
import ru from '../../../i18n/features/messaging.ru.json';
import ar from '../../../i18n/features/messaging.ar.json';
import { META_TEMPLATE_REASONS, TemplateReason, templateReasonText } from './template-reason';

const LOCALES = { he, en, ru, ar } as const;
const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  resources: Object.fromEntries(Object.entries(LOCALES).map(([lang, texts]) => [lang, { translation: texts }])),
  initAsync: false,
});
const render = (lang: keyof typeof LOCALES, reason: string) => {
  void i18n.changeLanguage(lang);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <TemplateReason reason={reason} />
    </I18nextProvider>,
  );
};

describe('template review reasons', () => {
  it("translates each of Meta's reason codes in the four languages, each its own text", () => {
    for (const lang of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
      const t = i18n.getFixedT(lang);
      const texts = META_TEMPLATE_REASONS.map((code) => templateReasonText(t, code));
      for (const [index, text] of texts.entries()) {
        expect(text, `${lang} ${META_TEMPLATE_REASONS[index]}`).toBe(LOCALES[lang].messaging.templateReason[META_TEMPLATE_REASONS[index]!]);
        expect(text).not.toMatch(/^messaging\./);
      }
      expect(new Set(texts).size).toBe(META_TEMPLATE_REASONS.length);
    }
    expect(render('he', 'INVALID_FORMAT')).toContain(he.messaging.templateReason.INVALID_FORMAT);
    expect(render('ar', 'SCAM')).toContain(ar.messaging.templateReason.SCAM);
    expect(render('ru', 'NONE')).toContain(`Причина: ${ru.messaging.templateReason.NONE}`);
  });

  it('keeps the static-rule reasons translated', () => {
    expect(render('en', TEMPLATE_RULE_REASONS.manyLinks)).toContain(en.messaging.templates.rejections.manyLinks);
    expect(render('he', TEMPLATE_RULE_REASONS.edgeVariable)).toContain(he.messaging.templates.rejections.edgeVariable);
  });

  it('shows an unknown reason as written, isolated in <bdi>', () => {
    const html = render('he', 'Template has <b>too many</b> emojis');
    expect(html).toContain('<bdi>Template has &lt;b&gt;too many&lt;/b&gt; emojis</bdi>');
    expect(html).toContain('סיבה: ');
    expect(templateReasonText(i18n.getFixedT('en'), 'SOMETHING_NEW')).toBeNull();
  });
});

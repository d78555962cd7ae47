import { MessageChannel, type WhatsappOverflowMode } from '@magiim/shared';
import { FormProvider, useForm } from 'react-hook-form';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFeatureTexts, i18n, initI18n, setLanguage } from '../../../app/i18n';
import { AppThemeProvider } from '../../../app/providers/theme-provider';
import { newEventDefaults, type EventFormValues } from '../event-form';
import { EventStepContent } from './event-form-steps';

beforeAll(async () => {
  await initI18n();
  await ensureFeatureTexts();
});

function RsvpStep({ values }: { values: EventFormValues }) {
  const form = useForm<EventFormValues>({ defaultValues: values });
  return (
    <FormProvider {...form}>
      <EventStepContent step="rsvp" />
    </FormProvider>
  );
}

const render = async (lang: 'he' | 'en' | 'ru' | 'ar', channel: EventFormValues['messageSystemPreference'], overflow: WhatsappOverflowMode = 'sms') => {
  await setLanguage(lang);
  const values = { ...newEventDefaults(lang), messageSystemPreference: channel, whatsappOverflow: overflow };
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>
        <RsvpStep values={values} />
      </AppThemeProvider>
    </I18nextProvider>,
  );
};

const checkedValue = (html: string) =>
  (html.match(/<input[^>]*name="whatsappOverflow"[^>]*>/g) ?? []).filter((input) => input.includes('checked')).map((input) => /value="([^"]*)"/.exec(input)?.[1]);

describe("the event's WhatsApp daily-limit choice", () => {
  it('is offered beside the channel when the event sends by WhatsApp, SMS for the rest by default', async () => {
    const html = await render('en', MessageChannel.WHATSAPP);
    expect(html).toContain('data-testid="whatsapp-overflow"');
    expect(html).toContain("If WhatsApp&#x27;s daily limit is reached");
    expect(html).toContain('Send the rest by SMS (default)');
    expect(html).toContain('Wait and continue by WhatsApp tomorrow');
    expect(checkedValue(html)).toEqual(['sms']);
    expect(checkedValue(await render('en', MessageChannel.WHATSAPP, 'wait'))).toEqual(['wait']);
  });

  it('is not shown for an event that sends by SMS', async () => {
    expect(await render('en', MessageChannel.SMS)).not.toContain('data-testid="whatsapp-overflow"');
  });

  it('speaks every language', async () => {
    for (const lang of ['he', 'ru', 'ar'] as const) {
      const html = await render(lang, MessageChannel.WHATSAPP);
      expect(html).toContain('data-testid="whatsapp-overflow"');
      expect(html).not.toContain('eventWizard.rsvp.overflow');
    }
  });
});

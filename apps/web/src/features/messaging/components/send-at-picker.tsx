import { useMemo } from 'react';
import dayjs from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import Stack from '@mui/material/Stack';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { renderMultiSectionDigitalClockTimeView } from '@mui/x-date-pickers/timeViewRenderers';
import { isLang, type Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { buildDayjsLocale, buildPickerLocaleText, PICKER_DATE_FORMAT, PICKER_TIME_FORMAT } from '../../events/date-time/picker-locale';

const registered = new Set<Lang>();
const dayjsLocaleFor = (lang: Lang): string => {
  const locale = buildDayjsLocale(lang);
  if (!registered.has(lang)) {
    dayjs.locale(locale as unknown as Parameters<typeof dayjs.locale>[0], undefined, true);
    registered.add(lang);
  }
  return locale.name;
};

const LOCAL = 'YYYY-MM-DDTHH:mm';

/** A send time typed as DD/MM/YYYY HH:mm (24 hours) or picked; the value is the API's `YYYY-MM-DDTHH:mm` (Israel time). */
export function SendAtPicker({ value, onChange, label, disabled, name }: { value: string; onChange: (next: string) => void; label: string; disabled?: boolean; name: string }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'he';
  const adapterLocale = useMemo(() => dayjsLocaleFor(lang), [lang]);
  const localeText = useMemo(() => buildPickerLocaleText(lang, (key, values) => t(key, values)), [lang, t]);
  // A wall time both ways: parsed and formatted in the browser's zone, never converted.
  const parsed = value ? dayjs(value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale} localeText={localeText}>
      {/* Two fields, as the event form: one combined field reads its sections backwards in Hebrew and Arabic. */}
      <Stack direction="row" spacing={1}>
        <DatePicker
          label={label}
          value={parsed && parsed.isValid() ? parsed : null}
          format={PICKER_DATE_FORMAT}
          disabled={disabled}
          dayOfWeekFormatter={(day) => day.format('dd')}
          onChange={(next) => {
            if (next && next.isValid()) onChange((parsed && parsed.isValid() ? parsed.year(next.year()).month(next.month()).date(next.date()) : next).format(LOCAL));
          }}
          slotProps={{ textField: { size: 'small', name: `${name}-date`, sx: { flex: 3 } } }}
        />
        <TimePicker
          label={t('messaging.timing.time')}
          value={parsed && parsed.isValid() ? parsed : null}
          format={PICKER_TIME_FORMAT}
          ampm={false}
          disabled={disabled}
          viewRenderers={{ hours: renderMultiSectionDigitalClockTimeView, minutes: renderMultiSectionDigitalClockTimeView }}
          onChange={(next) => {
            if (next && next.isValid()) onChange((parsed && parsed.isValid() ? parsed.hour(next.hour()).minute(next.minute()) : next).format(LOCAL));
          }}
          slotProps={{ textField: { size: 'small', name: `${name}-time`, sx: { flex: 2 } } }}
        />
      </Stack>
    </LocalizationProvider>
  );
}

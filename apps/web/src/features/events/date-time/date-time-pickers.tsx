import { useMemo, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import dayjs, { type Dayjs } from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { renderMultiSectionDigitalClockTimeView } from '@mui/x-date-pickers/timeViewRenderers';
import { isCalendarDate, isLang, type Lang } from '@magiim/shared';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import type { EventFormValues } from '../event-form';
import { buildDayjsLocale, buildPickerLocaleText, PICKER_DATE_FORMAT, PICKER_TIME_FORMAT } from './picker-locale';
import { dayjsToIsoDate, dayjsToTime, isoDateToDayjs, timeToDayjs } from './picker-values';

const registered = new Set<Lang>();

/** Registers the interface language's dayjs locale once (without making it dayjs's global default). */
const dayjsLocaleFor = (lang: Lang): string => {
  const locale = buildDayjsLocale(lang);
  if (!registered.has(lang)) {
    dayjs.locale(locale as unknown as Parameters<typeof dayjs.locale>[0], undefined, true);
    registered.add(lang);
  }
  return locale.name;
};

/** Formats, names and texts follow the interface language, never the browser's. */
function PickerLocalization({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'he';
  const adapterLocale = useMemo(() => dayjsLocaleFor(lang), [lang]);
  const localeText = useMemo(() => buildPickerLocaleText(lang, (key, values) => t(key, values)), [lang, t]);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

/** The error, with the field's hint kept in sight under it (as FormTextField does). */
const helperWithError = (error: string | undefined, hint: ReactNode): ReactNode =>
  error && hint ? (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {error}
      </Box>
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {hint}
      </Box>
    </>
  ) : (
    (error ?? hint)
  );

/**
 * One picker field of the event form. The form keeps the API's text; the picker gets back the very value it
 * reported while that text is unchanged, so a half-typed field is not reset by its own round trip through the form.
 */
const usePickerField = (
  name: 'date' | 'rsvpStartDate' | 'time',
  parse: (text: string) => Dayjs | null,
  format: (value: Dayjs | null) => string,
) => {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const {
    field,
    fieldState: { error },
  } = useController({ control, name });
  const last = useRef<{ text: string; value: Dayjs | null } | null>(null);
  const value = last.current && last.current.text === field.value ? last.current.value : parse(field.value);
  const onChange = (next: Dayjs | null) => {
    const text = format(next);
    last.current = { text, value: next };
    field.onChange(text);
  };
  return { field, value, onChange, message: translateMessage(t, error?.message) };
};

/** RHF focuses a refused field: the picker's first section (day, or hours), not its hidden input. */
const focusFirstSection = (element: HTMLElement | null) =>
  element ? { focus: () => element.querySelector<HTMLElement>('[role="spinbutton"]')?.focus() } : null;

interface DateFieldProps {
  name: 'date' | 'rsvpStartDate';
  label: string;
  hint?: ReactNode;
  min?: string;
  max?: string;
}

/** A date typed as DD/MM/YYYY or chosen from a calendar whose week starts on Sunday; the form holds `YYYY-MM-DD`. */
export function PickerDateField({ name, label, hint, min, max }: DateFieldProps) {
  const { field, value, onChange, message } = usePickerField(name, isoDateToDayjs, dayjsToIsoDate);
  return (
    <PickerLocalization>
      <Box ref={(element: HTMLElement | null) => field.ref(focusFirstSection(element))}>
        <DatePicker
          label={label}
          value={value}
          format={PICKER_DATE_FORMAT}
          minDate={min && isCalendarDate(min) ? dayjs(min) : undefined}
          maxDate={max && isCalendarDate(max) ? dayjs(max) : undefined}
          // The weekday's own short name (א׳, вс), not its first letter, which repeats in Russian.
          dayOfWeekFormatter={(day) => day.format('dd')}
          onChange={onChange}
          onClose={field.onBlur}
          slotProps={{
            textField: {
              name,
              required: true,
              fullWidth: true,
              margin: 'normal',
              error: Boolean(message),
              helperText: helperWithError(message, hint),
              onBlur: field.onBlur,
            },
          }}
        />
      </Box>
    </PickerLocalization>
  );
}

/** A 24-hour time typed as HH:mm or chosen from hour and minute columns; the form holds `HH:mm`. */
export function PickerTimeField({ name, label }: { name: 'time'; label: string }) {
  const { field, value, onChange, message } = usePickerField(name, timeToDayjs, dayjsToTime);
  return (
    <PickerLocalization>
      <Box ref={(element: HTMLElement | null) => field.ref(focusFirstSection(element))}>
        <TimePicker
          label={label}
          value={value}
          format={PICKER_TIME_FORMAT}
          ampm={false}
          orientation="portrait"
          // Hour and minute columns on phones too: a clock face is slow to hit and hard to use without sight.
          viewRenderers={{ hours: renderMultiSectionDigitalClockTimeView, minutes: renderMultiSectionDigitalClockTimeView }}
          onChange={onChange}
          onClose={field.onBlur}
          slotProps={{
            // On a phone the title and columns take the dialog's whole width (the layout's first grid column
            // would otherwise stay empty beside them) and the columns sit in the middle, under the time they set.
            layout: {
              sx: {
                '& .MuiPickersLayout-toolbar, & .MuiPickersLayout-contentWrapper': { gridColumn: '1 / 4' },
                '& .MuiMultiSectionDigitalClock-root': { justifyContent: 'center', width: '100%' },
              },
            },
            textField: {
              name,
              required: true,
              fullWidth: true,
              margin: 'normal',
              error: Boolean(message),
              helperText: message,
              onBlur: field.onBlur,
            },
          }}
        />
      </Box>
    </PickerLocalization>
  );
}

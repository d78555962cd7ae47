import { useEffect, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  ASK_VALUES,
  HOUSEHOLD_SPLITS,
  directionOf,
  LANGUAGES,
  MAX_TRANSPORT_OPTIONS,
  MessageChannel,
  MIN_DAYS_BEFORE_EVENT_TO_ORDER,
  RECOMMENDED_RSVP_START_DAYS_BEFORE_EVENT,
  SPECIAL_MEALS,
  TRANSPORT_OPTION_MAX_LENGTH,
  todayInBusinessZone,
  type Ask,
  type Lang,
} from '@magiim/shared';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { UserText } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { translateMessage } from '../../../i18n/translate-message';
import { earliestEventDate, recommendedRsvpStart, type EventFormValues, type EventStepId } from '../event-form';
import { formatEventDate } from '../format-event';
import { DateField, preloadDateTimeFields, TimeField } from '../date-time/lazy-date-time-fields';
import { ImageField } from './image-field';
import { LocationField } from './location-field';
import { TransportTranslations } from './transport-translations';
import { VenueHall } from './venue-hall';

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ '& + &': { mt: 4 } }}>
      <Typography id={id} variant="h3" component="h3" sx={{ mb: hint ? 0.5 : 1 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

const useFieldError = (message: string | undefined) => {
  const { t } = useTranslation();
  return translateMessage(t, message);
};

/** Languages and the name in each: a name field appears for every chosen language, in its own direction. */
function DetailsStep({ lockedLangs }: { lockedLangs: readonly Lang[] }) {
  const { t } = useTranslation();
  const { control, setValue, getValues, formState } = useFormContext<EventFormValues>();
  const langs = useWatch({ control, name: 'langs' });
  const defaultLang = useWatch({ control, name: 'defaultLang' });
  const langsError = useFieldError(formState.errors.langs?.message);
  const defaultError = useFieldError(formState.errors.defaultLang?.message);
  const langsLabelId = useId();
  const defaultLabelId = useId();

  const toggle = (lang: Lang, checked: boolean) => {
    const next = checked ? LANGUAGES.filter((candidate) => candidate === lang || langs.includes(candidate)) : langs.filter((l) => l !== lang);
    setValue('langs', next, { shouldDirty: true, shouldValidate: formState.errors.langs !== undefined });
    if (!next.includes(getValues('defaultLang')) && next[0]) setValue('defaultLang', next[0], { shouldDirty: true });
  };
  const ordered = [defaultLang, ...langs.filter((lang) => lang !== defaultLang)].filter((lang) => langs.includes(lang));

  return (
    <>
      <Section title={t('eventWizard.details.langsTitle')} hint={t('eventWizard.details.langsHint')}>
        <FormControl component="fieldset" error={Boolean(langsError)} fullWidth>
          <FormLabel component="legend" id={langsLabelId} sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {t('eventWizard.details.langsTitle')}
          </FormLabel>
          <FormGroup row>
            {LANGUAGES.map((lang) => {
              const locked = lockedLangs.includes(lang) && langs.includes(lang);
              return (
                <FormControlLabel
                  key={lang}
                  sx={{ minHeight: 44, me: 3 }}
                  control={
                    <Checkbox
                      checked={langs.includes(lang)}
                      disabled={locked || (langs.length === 1 && langs.includes(lang))}
                      onChange={(event) => toggle(lang, event.target.checked)}
                      name={`lang-${lang}`}
                    />
                  }
                  label={
                    <span lang={lang}>
                      {t(`language.names.${lang}`)}
                      {locked && lang !== defaultLang ? (
                        <Typography component="span" variant="body2" color="text.secondary" lang={undefined}>
                          {' · '}
                          {t('eventWizard.details.langInUse')}
                        </Typography>
                      ) : null}
                    </span>
                  }
                />
              );
            })}
          </FormGroup>
          {langsError ? <FormHelperText>{langsError}</FormHelperText> : null}
        </FormControl>
        {langs.length > 1 ? (
          <FormControl component="fieldset" error={Boolean(defaultError)} sx={{ mt: 2 }} fullWidth>
            <FormLabel component="legend" id={defaultLabelId}>
              {t('eventWizard.details.defaultLang')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={defaultLabelId}
              value={defaultLang}
              onChange={(event) => setValue('defaultLang', event.target.value as Lang, { shouldDirty: true, shouldValidate: formState.errors.defaultLang !== undefined })}
            >
              {langs.map((lang) => (
                <FormControlLabel key={lang} value={lang} control={<Radio name="defaultLang" />} label={<span lang={lang}>{t(`language.names.${lang}`)}</span>} sx={{ minHeight: 44, me: 3 }} />
              ))}
            </RadioGroup>
            <FormHelperText>{defaultError ?? t('eventWizard.details.defaultLangHint')}</FormHelperText>
          </FormControl>
        ) : null}
      </Section>
      <Section title={t('eventWizard.details.namesTitle')}>
        {ordered.map((lang) => (
          <FormTextField
            key={lang}
            control={control}
            name={`names.${lang}`}
            label={t('eventWizard.details.nameLabel', { language: t(`language.names.${lang}`) })}
            placeholder={t('eventWizard.details.namePlaceholder')}
            required={lang === defaultLang}
            slotProps={{ htmlInput: { dir: directionOf(lang), lang, maxLength: 80 } }}
          />
        ))}
      </Section>
    </>
  );
}

function WhenWhereStep() {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const [langs = [], defaultLang] = useWatch({ control, name: ['langs', 'defaultLang'] });
  // Like the event's name: one venue field per event language, the main language first.
  const venueLangs = [defaultLang, ...langs.filter((lang) => lang !== defaultLang)].filter((lang) => langs.includes(lang));
  return (
    <>
      <Section title={t('eventWizard.whenWhere.whenTitle')}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 7 }}>
            <DateField
              name="date"
              label={t('eventWizard.whenWhere.date')}
              hint={t('eventWizard.whenWhere.dateHint', { num: MIN_DAYS_BEFORE_EVENT_TO_ORDER })}
              min={earliestEventDate()}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <TimeField name="time" label={t('eventWizard.whenWhere.time')} />
          </Grid>
        </Grid>
      </Section>
      <Section title={t('eventWizard.whenWhere.whereTitle')}>
        <LocationField />
        {venueLangs.map((lang, index) => (
          <FormTextField
            key={lang}
            control={control}
            name={`location.venue.${lang}`}
            label={
              venueLangs.length > 1
                ? t('eventWizard.whenWhere.venueNameIn', { language: t(`language.names.${lang}`) })
                : t('eventWizard.whenWhere.venueName')
            }
            helperText={index === 0 ? t('eventWizard.whenWhere.venueNameHint') : undefined}
            slotProps={{ htmlInput: { dir: directionOf(lang), lang, maxLength: 120 } }}
          />
        ))}
        <VenueHall />
      </Section>
    </>
  );
}

function AskRadios({ name, legend }: { name: 'meals.ask' | 'transport.ask'; legend: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const { field } = useController({ control, name });
  const legendId = useId();
  return (
    <FormControl component="fieldset" fullWidth>
      <FormLabel component="legend" id={legendId}>
        {legend}
      </FormLabel>
      <RadioGroup row aria-labelledby={legendId} value={field.value} onChange={(event) => field.onChange(event.target.value as Ask)} name={name}>
        {ASK_VALUES.map((ask) => (
          <FormControlLabel key={ask} value={ask} control={<Radio />} label={t(`eventWizard.ask.${ask}`)} sx={{ minHeight: 44, me: 3 }} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function MealOptions() {
  const { t } = useTranslation();
  const { control, formState, trigger } = useFormContext<EventFormValues>();
  const { field } = useController({ control, name: 'meals.options' });
  const error = useFieldError(formState.errors.meals?.options?.message ?? formState.errors.meals?.message);
  const legendId = useId();
  const options = field.value;
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ mt: 2 }} fullWidth>
      <FormLabel component="legend" id={legendId}>
        {t('eventWizard.questions.mealOptions')}
      </FormLabel>
      <FormGroup row>
        {SPECIAL_MEALS.map((meal) => (
          <FormControlLabel
            key={meal}
            sx={{ minHeight: 44, me: 3 }}
            control={
              <Checkbox
                name={`meal-${meal}`}
                checked={options.includes(meal)}
                onChange={(event) => {
                  field.onChange(event.target.checked ? SPECIAL_MEALS.filter((m) => m === meal || options.includes(m)) : options.filter((m) => m !== meal));
                  if (formState.errors.meals) void trigger('meals');
                }}
              />
            }
            label={t(`eventWizard.meals.${meal}`)}
          />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? t('eventWizard.questions.mealOptionsHint')}</FormHelperText>
    </FormControl>
  );
}

/** Pickup points the host types: Enter or the add button makes a chip. */
function TransportOptions() {
  const { t } = useTranslation();
  const { control, formState, trigger } = useFormContext<EventFormValues>();
  const { field } = useController({ control, name: 'transport.options' });
  const { field: translations } = useController({ control, name: 'transport.translations' });
  const [draft, setDraft] = useState('');
  const options = field.value;
  const errors = formState.errors.transport?.options;
  const message = Array.isArray(errors) ? errors.find(Boolean)?.message : errors?.message;
  const error = useFieldError(message ?? formState.errors.transport?.message);
  const full = options.length >= MAX_TRANSPORT_OPTIONS;

  const add = () => {
    const text = draft.trim().replace(/\s+/g, ' ');
    if (!text || full) return;
    if (!options.some((option) => option.toLowerCase() === text.toLowerCase())) field.onChange([...options, text]);
    setDraft('');
    if (formState.errors.transport) void trigger('transport');
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          name="transport-option"
          label={t('eventWizard.questions.transportOption')}
          placeholder={t('eventWizard.questions.transportPlaceholder')}
          error={Boolean(error)}
          helperText={error ?? t('eventWizard.questions.transportHint', { max: MAX_TRANSPORT_OPTIONS })}
          disabled={full}
          slotProps={{ htmlInput: { maxLength: TRANSPORT_OPTION_MAX_LENGTH } }}
        />
        <Button variant="outlined" onClick={add} startIcon={<AddIcon />} disabled={full || !draft.trim()} sx={{ mt: 0.5, flexShrink: 0, minHeight: 48 }}>
          {t('eventWizard.questions.transportAdd')}
        </Button>
      </Stack>
      {options.length > 0 ? (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1.5 }} component="ul" aria-label={t('eventWizard.questions.transportList')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {options.map((option) => (
            <li key={option}>
              <Chip
                label={<UserText>{option}</UserText>}
                color="primary"
                variant="outlined"
                onDelete={() => {
                  // An option's translations go with it, so the rest stay beside their own options.
                  const index = options.indexOf(option);
                  field.onChange(options.filter((o) => o !== option));
                  translations.onChange((translations.value ?? []).filter((_names, i) => i !== index));
                }}
              />
            </li>
          ))}
        </Stack>
      ) : null}
      <TransportTranslations />
    </Box>
  );
}

/** Issue 32: one split per event: none, adults and children, or men and women (events seated apart). */
function SplitRadios() {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const { field } = useController({ control, name: 'householdSplit' });
  const legendId = useId();
  return (
    <FormControl component="fieldset" fullWidth data-testid="household-split">
      <FormLabel component="legend" id={legendId}>
        {t('eventWizard.questions.splitAsk')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        value={field.value ?? 'none'}
        onChange={(event) => field.onChange(HOUSEHOLD_SPLITS.find((mode) => mode === event.target.value) ?? 'none')}
        name="householdSplit"
      >
        {HOUSEHOLD_SPLITS.map((mode) => (
          <FormControlLabel
            key={mode}
            value={mode}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', my: 0.25 }}
            label={
              <Box sx={{ pt: 1 }}>
                <Typography component="span" sx={{ display: 'block' }}>
                  {t(`eventWizard.questions.split_${mode}`)}
                </Typography>
                {mode !== 'none' ? (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {t(`eventWizard.questions.split_${mode}Hint`)}
                  </Typography>
                ) : null}
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function QuestionsStep() {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const mealsAsk = useWatch({ control, name: 'meals.ask' });
  const transportAsk = useWatch({ control, name: 'transport.ask' });
  return (
    <>
      <Section title={t('eventWizard.questions.mealsTitle')} hint={t('eventWizard.questions.mealsHint')}>
        <AskRadios name="meals.ask" legend={t('eventWizard.questions.mealsAsk')} />
        {mealsAsk !== 'no_need_to_ask' ? <MealOptions /> : null}
      </Section>
      <Section title={t('eventWizard.questions.transportTitle')} hint={t('eventWizard.questions.transportIntro')}>
        <AskRadios name="transport.ask" legend={t('eventWizard.questions.transportAsk')} />
        {transportAsk !== 'no_need_to_ask' ? <TransportOptions /> : null}
      </Section>
      <Section title={t('eventWizard.questions.splitTitle')} hint={t('eventWizard.questions.splitHint')}>
        <SplitRadios />
      </Section>
    </>
  );
}

function ImageStep(props: { currentUrl?: string | null; onRemoveCurrent?: () => void; removing?: boolean }) {
  const { t } = useTranslation();
  return (
    <Section title={t('eventWizard.image.title')} hint={t('eventWizard.image.intro')}>
      <ImageField {...props} />
    </Section>
  );
}

function RsvpStep() {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const { control, setValue } = useFormContext<EventFormValues>();
  const date = useWatch({ control, name: 'date' });
  const rsvpStartDate = useWatch({ control, name: 'rsvpStartDate' });
  const channel = useController({ control, name: 'messageSystemPreference' });
  const overflow = useController({ control, name: 'whatsappOverflow' });
  const calls = useController({ control, name: 'includeCallsPreference' });
  const channelLegendId = useId();
  const overflowLegendId = useId();
  const recommended = date ? recommendedRsvpStart(date) : null;

  return (
    <>
      <Section title={t('eventWizard.rsvp.startTitle')}>
        <Box sx={{ maxWidth: { sm: 420 } }}>
          <DateField
            name="rsvpStartDate"
            label={t('eventWizard.rsvp.startDate')}
            hint={t('eventWizard.rsvp.tip', { num: RECOMMENDED_RSVP_START_DAYS_BEFORE_EVENT })}
            min={todayInBusinessZone()}
            max={date || undefined}
          />
        </Box>
        {recommended && recommended !== rsvpStartDate ? (
          <Button
            variant="text"
            onClick={() => setValue('rsvpStartDate', recommended, { shouldDirty: true, shouldValidate: true })}
            data-testid="rsvp-recommended"
          >
            {ti('eventWizard.rsvp.useRecommended', { date: formatEventDate(recommended, i18n.language, 'short') })}
          </Button>
        ) : null}
      </Section>
      <Section title={t('eventWizard.rsvp.channelTitle')}>
        <FormControl component="fieldset" fullWidth>
          <FormLabel component="legend" id={channelLegendId}>
            {t('eventWizard.rsvp.channelLegend')}
          </FormLabel>
          <RadioGroup
            aria-labelledby={channelLegendId}
            value={String(channel.field.value)}
            onChange={(event) => channel.field.onChange(Number(event.target.value) === MessageChannel.SMS ? MessageChannel.SMS : MessageChannel.WHATSAPP)}
            name="messageSystemPreference"
          >
            {[MessageChannel.WHATSAPP, MessageChannel.SMS].map((value) => (
              <FormControlLabel
                key={value}
                value={String(value)}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', my: 0.5 }}
                label={
                  <Box sx={{ pt: 1 }}>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {t(value === MessageChannel.SMS ? 'eventWizard.rsvp.sms' : 'eventWizard.rsvp.whatsapp')}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {t(value === MessageChannel.SMS ? 'eventWizard.rsvp.smsHint' : 'eventWizard.rsvp.whatsappHint')}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        {channel.field.value === MessageChannel.WHATSAPP ? (
          <FormControl
            component="fieldset"
            fullWidth
            // A sub-choice of WhatsApp: set in under it, and its question in ink whether or not it has focus.
            sx={(theme) => ({ mt: 1.5, marginInlineStart: '12px', paddingInlineStart: '16px', borderInlineStart: `2px solid ${theme.palette.divider}` })}
            data-testid="whatsapp-overflow"
          >
            <FormLabel component="legend" id={overflowLegendId} focused={false} sx={{ color: 'text.primary', fontWeight: 600 }}>
              {t('eventWizard.rsvp.overflowLegend')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={overflowLegendId}
              value={overflow.field.value ?? 'sms'}
              onChange={(event) => overflow.field.onChange(event.target.value === 'wait' ? 'wait' : 'sms')}
              name="whatsappOverflow"
            >
              {(['sms', 'wait'] as const).map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', my: 0.25 }}
                  label={
                    <Box sx={{ pt: 1 }}>
                      <Typography component="span" sx={{ display: 'block' }}>
                        {t(value === 'sms' ? 'eventWizard.rsvp.overflowSms' : 'eventWizard.rsvp.overflowWait')}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {t(value === 'sms' ? 'eventWizard.rsvp.overflowSmsHint' : 'eventWizard.rsvp.overflowWaitHint')}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
        ) : null}
      </Section>
      <Section title={t('eventWizard.rsvp.callsTitle')}>
        <FormControlLabel
          sx={{ alignItems: 'flex-start' }}
          control={<Switch checked={calls.field.value} onChange={(event) => calls.field.onChange(event.target.checked)} name="includeCallsPreference" />}
          label={
            <Box sx={{ pt: 1 }}>
              <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {t('eventWizard.rsvp.calls')}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {t('eventWizard.rsvp.callsHint')}
              </Typography>
            </Box>
          }
        />
      </Section>
    </>
  );
}

export interface EventStepContentProps {
  step: EventStepId;
  /** Settings: languages guests use cannot be removed. */
  lockedLangs?: readonly Lang[];
  currentImageUrl?: string | null;
  onRemoveCurrentImage?: () => void;
  removingImage?: boolean;
}

/** The fields of one wizard step; the create wizard and the settings page share them. */
export function EventStepContent({ step, lockedLangs = [], currentImageUrl, onRemoveCurrentImage, removingImage }: EventStepContentProps) {
  useEffect(preloadDateTimeFields, []);
  return (
    <Box data-testid={`event-step-${step}`}>
      {step === 'details' ? <DetailsStep lockedLangs={lockedLangs} /> : null}
      {step === 'when-where' ? <WhenWhereStep /> : null}
      {step === 'questions' ? <QuestionsStep /> : null}
      {step === 'image' ? <ImageStep currentUrl={currentImageUrl} onRemoveCurrent={onRemoveCurrentImage} removing={removingImage} /> : null}
      {step === 'rsvp' ? <RsvpStep /> : null}
    </Box>
  );
}

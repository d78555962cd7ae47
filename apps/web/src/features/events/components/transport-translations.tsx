import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { directionOf, TRANSPORT_OPTION_MAX_LENGTH } from '@magiim/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { UserText } from '../../../design/bidi';
import type { EventFormValues } from '../event-form';

/**
 * Each pickup point in the event's other languages, for guests reading them. The text the host wrote first
 * stays the option's value (what answers store), so a translation added later never unmatches an answer.
 */
export function TransportTranslations() {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const [langs = [], defaultLang, options = []] = useWatch({ control, name: ['langs', 'defaultLang', 'transport.options'] });
  const others = langs.filter((lang) => lang !== defaultLang);
  if (others.length === 0 || options.length === 0) return null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }} data-testid="transport-translations">
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
        {t('eventWizard.questions.transportTranslationsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('eventWizard.questions.transportTranslationsHint')}
      </Typography>
      {options.map((option, index) => (
        <Box key={option} sx={{ mt: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>
            <UserText>{option}</UserText>
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: `repeat(${Math.min(others.length, 3)}, 1fr)` }, columnGap: 2 }}>
            {others.map((lang) => (
              <FormTextField
                key={lang}
                control={control}
                name={`transport.translations.${index}.${lang}`}
                label={t(`language.names.${lang}`)}
                size="small"
                margin="dense"
                slotProps={{ htmlInput: { dir: directionOf(lang), lang, maxLength: TRANSPORT_OPTION_MAX_LENGTH } }}
              />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { CoordinatorContact } from '../components/coordinator-contact';
import {
  ACCESSIBILITY_ANSWER_DAYS,
  ACCESSIBILITY_LAST_CHECKED,
  ACCESSIBILITY_LAST_UPDATED,
  STATEMENT_SECTIONS,
  formatDay,
  formatMonth,
} from '../statement';

/** Issue 22: the accessibility statement (`/accessibility/:lang?`, IS 5568, regulation 35), public like the policies. */
export function AccessibilityPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const values = { name: t('app.name'), month: formatMonth(ACCESSIBILITY_LAST_CHECKED, lang), days: ACCESSIBILITY_ANSWER_DAYS };
  const list = { m: 0, mb: 1, paddingInlineStart: 3, '& > li + li': { mt: 0.5 } } as const;

  return (
    <Box component="article" aria-labelledby="accessibility-title" sx={{ maxWidth: '46rem', '& a': { overflowWrap: 'anywhere' } }}>
      <PageHeading id="accessibility-title">{t('accessibility.title')}</PageHeading>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        <Trans
          i18nKey="legal.lastUpdated"
          values={{ date: formatDay(ACCESSIBILITY_LAST_UPDATED, lang) }}
          components={{ time: <time dateTime={ACCESSIBILITY_LAST_UPDATED} /> }}
        />
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('accessibility.intro', values)}</Typography>
      {STATEMENT_SECTIONS.map(({ id, body, items, after }) => {
        const key = `accessibility.sections.${id}`;
        const headingId = `accessibility-${id}`;
        return (
          <Box component="section" key={id} aria-labelledby={headingId} data-section={id} sx={{ mb: 3 }}>
            <Typography id={headingId} variant="h2" component="h2" gutterBottom>
              {t(`${key}.title`)}
            </Typography>
            {body ? <Typography sx={{ mb: 1 }}>{t(`${key}.body`, values)}</Typography> : null}
            {items ? (
              <Box component="ul" sx={list}>
                {items.map((item) => (
                  <Typography component="li" key={item}>
                    {t(`${key}.items.${item}`, values)}
                  </Typography>
                ))}
              </Box>
            ) : null}
            {after ? <Typography>{t(`${key}.after`, values)}</Typography> : null}
            {id === 'contact' ? <CoordinatorContact /> : null}
          </Box>
        );
      })}
    </Box>
  );
}

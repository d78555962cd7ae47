import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { serviceHours } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { Ltr } from '../../../design/bidi';

/** Spec §9 service hours, the day names in the host's language (from the one shared statement of them). */
export function ServiceHours() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? currentLanguage();
  return (
    <>
      <List dense disablePadding data-testid="service-hours">
        {serviceHours(lang).map(({ days, hours }) => (
          <ListItem key={days} disableGutters>
            <Typography>
              {days} <Ltr>{hours}</Ltr>
            </Typography>
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('support.hours.zone')}
      </Typography>
    </>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { InvitationIllustration } from '../../design/illustrations';
import { colors } from '../../design/tokens';

const POINTS = ['invite', 'rsvp', 'plan'] as const;

/** The desktop side of the account pages: what Magiim does for a host, with the invitation illustration. */
export function AccountPanel() {
  const { t } = useTranslation();
  return (
    <Box
      component="aside"
      aria-label={t('brand.panelLabel', { name: t('app.name') })}
      sx={{
        borderRadius: 4,
        p: 5,
        background: `linear-gradient(160deg, ${colors.primarySoft} 0%, ${colors.roseSoft} 100%)`,
        display: 'flex',
        flexDirection: 'column',
        gap: 3,
      }}
    >
      <Box sx={{ maxWidth: 360, mx: 'auto', width: '100%' }}>
        <InvitationIllustration />
      </Box>
      <Typography component="p" sx={{ fontSize: '1.75rem', lineHeight: 1.25, fontWeight: 700, color: 'text.primary' }}>
        {t('brand.headline')}
      </Typography>
      <Typography color="text.secondary">{t('brand.lead', { name: t('app.name') })}</Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {POINTS.map((point) => (
          <Box component="li" key={point} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Box
              aria-hidden="true"
              sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: point === 'rsvp' ? 'secondary.main' : 'primary.main', flexShrink: 0 }}
            />
            <Typography sx={{ fontWeight: 500 }}>{t(`brand.points.${point}`)}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LogoMark } from '../design/brand';

/** Logo mark and word mark: מגיעים in Hebrew, Magiim elsewhere. */
export function Logo({ to = '/manage-events', color = 'primary' }: { to?: string; color?: 'primary' | 'inherit' }) {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="none"
      color={color}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, minHeight: 44 }}
      aria-label={t('app.homeLink', { name: t('app.name') })}
    >
      <LogoMark size={36} />
      <Box component="span" sx={{ fontWeight: 700, fontSize: '1.5rem', letterSpacing: '0.01em', color: color === 'primary' ? 'text.primary' : 'inherit' }}>
        {t('app.name')}
      </Box>
    </Link>
  );
}

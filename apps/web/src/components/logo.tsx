import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Text logo: מגיעים in Hebrew, Magiim elsewhere. */
export function Logo({ to = '/manage-events', color = 'primary' }: { to?: string; color?: 'primary' | 'inherit' }) {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="none"
      color={color}
      sx={{ fontWeight: 700, fontSize: '1.5rem', letterSpacing: 0.5 }}
      aria-label={t('app.homeLink', { name: t('app.name') })}
    >
      {t('app.name')}
    </Link>
  );
}

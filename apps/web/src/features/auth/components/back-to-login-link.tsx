import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The way back to sign-in under the password-recovery forms. */
export function BackToLoginLink() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">
        {t('auth.backToLogin')}
      </Link>
    </Typography>
  );
}

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Ltr } from '../design/bidi';
import { useConfig } from '../features/config/api';

/** Each link is a 44 px tall target (design: tap targets) while its text stays body2; the footer's own padding shrinks to match. */
const linkSx = { display: 'inline-flex', alignItems: 'center', minHeight: 44, verticalAlign: 'middle' } as const;

/** Static footer with the policies, the accessibility statement and the support contact (spec §1, §2); its width matches the page's. */
export function SiteFooter({ maxWidth = 'lg' }: { maxWidth?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  return (
    <Box component="footer" sx={{ py: 1.5, mt: 'auto' }}>
      <Container maxWidth={maxWidth} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {t('footer.copyright', { year: new Date().getFullYear(), name: t('app.name') })}
        </Typography>
        <Box component="nav" aria-label={t('legal.nav')} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
          <Link component={RouterLink} to="/terms" variant="body2" sx={linkSx}>
            {t('legal.terms.title')}
          </Link>
          <Link component={RouterLink} to="/privacy" variant="body2" sx={linkSx}>
            {t('legal.privacy.title')}
          </Link>
          <Link component={RouterLink} to="/accessibility" variant="body2" sx={linkSx}>
            {t('footer.accessibility')}
          </Link>
        </Box>
        {config?.supportEmail ? (
          <Typography variant="body2" color="text.secondary">
            {t('footer.support')}{' '}
            <Link href={`mailto:${config.supportEmail}`} sx={linkSx}>
              <Ltr>{config.supportEmail}</Ltr>
            </Link>
          </Typography>
        ) : null}
      </Container>
    </Box>
  );
}

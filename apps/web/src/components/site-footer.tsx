import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../features/config/api';

/** Static footer with the support contact (spec §1, §2). */
export function SiteFooter() {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  return (
    <Box component="footer" sx={{ py: 3, mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {t('footer.copyright', { year: new Date().getFullYear(), name: t('app.name') })}
        </Typography>
        {config?.supportEmail ? (
          <Typography variant="body2" color="text.secondary">
            {t('footer.support')}{' '}
            <Link href={`mailto:${config.supportEmail}`} dir="ltr">
              {config.supportEmail}
            </Link>
          </Typography>
        ) : null}
      </Container>
    </Box>
  );
}

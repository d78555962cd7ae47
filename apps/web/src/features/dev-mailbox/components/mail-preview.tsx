import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DevMail } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { extractLinks } from '../extract-links';

/**
 * The e-mail as sent, in a sandbox without scripts or same-origin access. Links open in the top window
 * (on a click only); they are also listed below the frame.
 */
export function MailPreview({ mail }: { mail: DevMail }) {
  const { t } = useTranslation();
  const links = extractLinks(mail.html);
  const srcDoc = `<!doctype html><html><head><meta charset="utf-8"><base target="_top"></head><body>${mail.html}</body></html>`;
  return (
    <Box>
      <Typography variant="h2" component="h2" gutterBottom>
        {mail.subject}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('devMailbox.to')}: <span dir="ltr">{mail.to}</span>
      </Typography>
      <Box
        component="iframe"
        title={t('devMailbox.preview', { subject: mail.subject })}
        sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
        srcDoc={srcDoc}
        sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
      />
      {links.length > 0 ? (
        <Box component="section" aria-label={t('devMailbox.links')} sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {t('devMailbox.links')}
          </Typography>
          <Box component="ul" sx={{ m: 0, ps: 3 }}>
            {links.map((href) => (
              <li key={href}>
                <Link href={href} data-testid="mail-link" dir="ltr" sx={{ wordBreak: 'break-all' }}>
                  {href}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

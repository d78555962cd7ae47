import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { useConfig } from '../../config/api';
import { LEGAL_LAST_UPDATED, type LegalDoc, type LegalSection } from '../sections';

/** The support address from GET /api/config as a mailto link; a placeholder until it has loaded. */
function SupportEmailLink({ email, pending }: { email: string | undefined; pending: boolean; children?: ReactNode }) {
  if (email) {
    return (
      <Link href={`mailto:${email}`} dir="ltr">
        {email}
      </Link>
    );
  }
  return pending ? <Skeleton component="span" variant="text" aria-hidden sx={{ display: 'inline-block', width: '12em' }} /> : null;
}

const formatDate = (iso: string, lang: string): string => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC', numberingSystem: 'latn' }).format(
    Date.UTC(year, month - 1, day),
  );
};

/** A public policy page (terms of use, privacy policy): one h1, an h2 per section, texts under `legal.<doc>.*`. */
export function LegalDocument({ doc, sections }: { doc: LegalDoc; sections: readonly LegalSection[] }) {
  const { t, i18n } = useTranslation();
  const { data: config, isPending } = useConfig();
  const base = `legal.${doc}`;
  const values = { name: t('app.name'), email: config?.supportEmail ?? '' };
  const components = {
    email: <SupportEmailLink email={config?.supportEmail} pending={isPending} />,
    terms: <Link component={RouterLink} to="/terms" />,
    privacy: <Link component={RouterLink} to="/privacy" />,
  };
  const text = (key: string) => <Trans i18nKey={key} values={values} components={components} />;

  return (
    <Box component="article" sx={{ '& a': { overflowWrap: 'anywhere' } }}>
      <PageHeading>{t(`${base}.title`)}</PageHeading>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        <Trans
          i18nKey="legal.lastUpdated"
          values={{ date: formatDate(LEGAL_LAST_UPDATED, i18n.language) }}
          components={{ time: <time dateTime={LEGAL_LAST_UPDATED} /> }}
        />
      </Typography>
      <Typography sx={{ mb: 3 }}>{text(`${base}.intro`)}</Typography>
      {sections.map(({ id, body, items }) => {
        const key = `${base}.sections.${id}`;
        const headingId = `${doc}-${id}`;
        return (
          <Box component="section" key={id} sx={{ mb: 3 }}>
            <Typography id={headingId} variant="h2" component="h2" gutterBottom>
              {t(`${key}.title`)}
            </Typography>
            {body ? <Typography sx={{ mb: items ? 1 : 0 }}>{text(`${key}.body`)}</Typography> : null}
            {items ? (
              <Box component="ul" sx={{ m: 0, paddingInlineStart: 3, '& > li + li': { mt: 0.5 } }}>
                {items.map((item) => (
                  <Typography component="li" key={item}>
                    {text(`${key}.items.${item}`)}
                  </Typography>
                ))}
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}

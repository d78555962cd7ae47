import type { ReactNode } from 'react';
import { useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/use-session';
import { PageHeading } from '../../../components/page-heading';
import { useIsolatedT } from '../../../design/isolated-text';
import { ContactForm } from '../components/contact-form';
import { FaqList } from '../components/faq-list';
import { ServiceHours } from '../components/service-hours';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography id={titleId} variant="h2" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Spec §2 /FAQS-contact-us: the searchable questions, the service hours and the contact form. */
export function FaqContactPage() {
  const { t } = useTranslation();
  const ti = useIsolatedT();
  const session = useSession();
  const [params] = useSearchParams();
  const email = session?.userData.email ?? '';
  return (
    <>
      <PageHeading>{t('support.title')}</PageHeading>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section title={t('support.faq.title')} testId="faq-section">
            <FaqList />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <Section title={t('support.hours.title')} testId="hours-section">
              <ServiceHours />
            </Section>
            <Section title={t('support.contact.title')} testId="contact-section">
              <Typography color="text.secondary">
                {ti('support.contact.intro', { email })}
              </Typography>
              <ContactForm defaultEventId={params.get('eventId') ?? undefined} />
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}

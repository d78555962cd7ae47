import type { ReactNode } from 'react';
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/use-session';
import { AccountDataSection } from '../../account-data/components/account-data-section';
import { PageHeading } from '../../../components/page-heading';
import { useMe } from '../api';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileForm } from '../components/profile-form';

function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={titleId} variant="h2" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function UserSettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { data: fresh } = useMe();
  const user = fresh ?? session?.userData;
  if (!user) return null;

  return (
    <>
      <PageHeading>{t('settings.title')}</PageHeading>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <SettingsSection title={t('settings.profile.title')}>
            <ProfileForm user={user} />
          </SettingsSection>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SettingsSection title={t('settings.password.title')}>
            {user.hasPassword ? (
              <ChangePasswordForm />
            ) : (
              <Alert severity="info" data-testid="no-password-note">
                {t('settings.password.noPassword')}
              </Alert>
            )}
          </SettingsSection>
        </Grid>
        <Grid size={12}>
          <AccountDataSection user={user} />
        </Grid>
      </Grid>
    </>
  );
}

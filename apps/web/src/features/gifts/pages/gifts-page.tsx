import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPhone, type GiftAccountDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { Ltr, UserText } from '../../../design/bidi';
import { translateError } from '../../../i18n/translate-error';
import { useEvent } from '../../events/use-event';
import { copyLink } from '../../invitations/copy-text';
import { useGiftAccount } from '../api';
import { GiftRegistrationForm } from '../components/gift-registration-form';

function RegistrationSummary({ registration }: { registration: NonNullable<GiftAccountDto['registration']> }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [t('gifts.form.fullName'), <UserText key="n">{registration.fullName}</UserText>],
    [t('gifts.form.phone'), <Ltr key="p">{formatPhone(registration.phone)}</Ltr>],
    [t('gifts.form.email'), <Ltr key="e">{registration.email}</Ltr>],
    [t('gifts.form.idNumber'), <Ltr key="i">{registration.idNumber}</Ltr>],
    [
      t('gifts.summary.bankAccount'),
      <Ltr key="b">{`${registration.bankAccount.bank}-${registration.bankAccount.branch}-${registration.bankAccount.account}`}</Ltr>,
    ],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 2 }} data-testid="gift-summary">
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The card provider's gift link: what it is, the owner's registration, the review and the link to share. */
export function GiftsPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const query = useGiftAccount(event.id);
  const [again, setAgain] = useState(false);
  const account = query.data;
  const owner = event.role === 'owner';

  let body: React.ReactNode;
  if (!account) {
    body = query.isError ? (
      <Alert severity="error">{translateError(t, query.error)}</Alert>
    ) : (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('gifts.loading')} />
      </Box>
    );
  } else if (account.status === 'APPROVED' && account.link) {
    body = (
      <Alert severity="success" data-testid="gift-approved">
        <AlertTitle>{t('gifts.approved.title')}</AlertTitle>
        <Typography>{t('gifts.approved.text')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
          <TextField
            value={account.link}
            label={t('gifts.approved.link')}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'gift-link' } }}
            onFocus={(focus) => focus.target.select()}
          />
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copyLink(account.link!)} sx={{ flexShrink: 0 }} data-testid="gift-copy">
            {t('gifts.approved.copy')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (account.status === 'REGISTERED') {
    body = (
      <Alert severity="info" data-testid="gift-under-review">
        <AlertTitle>{t('gifts.review.title')}</AlertTitle>
        {t('gifts.review.text')}
      </Alert>
    );
  } else if (account.status === 'REJECTED' && !again) {
    body = (
      <Alert
        severity="warning"
        data-testid="gift-rejected"
        action={
          owner ? (
            <Button color="inherit" onClick={() => setAgain(true)} data-testid="gift-register-again">
              {t('gifts.rejected.again')}
            </Button>
          ) : undefined
        }
      >
        <AlertTitle>{t('gifts.rejected.title')}</AlertTitle>
        {account.reason ? (
          <Typography>
            {t('gifts.rejected.reason')} <UserText>{account.reason}</UserText>
          </Typography>
        ) : null}
      </Alert>
    );
  } else if (!owner) {
    body = <Alert severity="info">{t('gifts.ownerOnly')}</Alert>;
  } else {
    body = (
      <Card variant="outlined">
        <CardContent>
          <GiftRegistrationForm
            eventId={event.id}
            defaults={
              account.registration
                ? { fullName: account.registration.fullName, phone: formatPhone(account.registration.phone), email: account.registration.email }
                : undefined
            }
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeading>{t('gifts.title')}</PageHeading>
      <Card variant="outlined" sx={{ mb: 3 }} data-testid="gift-about">
        <CardContent>
          <Typography variant="h2" gutterBottom>
            {t('gifts.about.title')}
          </Typography>
          <Typography gutterBottom>{t('gifts.about.provider')}</Typography>
          <Typography gutterBottom sx={{ fontWeight: 600 }}>
            {t('gifts.about.fee', { percent: account?.feePercent ?? 3 })}
          </Typography>
          <Typography color="text.secondary">{t('gifts.about.messages')}</Typography>
        </CardContent>
      </Card>
      {body}
      {account?.registration && account.status !== 'NOT_REGISTERED' && !(account.status === 'REJECTED' && again) ? (
        <Card variant="outlined" sx={{ mt: 3 }}>
          <CardContent>
            <Typography variant="h2">{t('gifts.summary.title')}</Typography>
            <RegistrationSummary registration={account.registration} />
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}

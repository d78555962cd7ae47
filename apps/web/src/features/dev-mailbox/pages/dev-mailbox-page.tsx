import { useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { useConfig } from '../../config/api';
import { useDevMailbox } from '../api';
import { MailPreview } from '../components/mail-preview';

/** Development only: the e-mails the server would have sent, with working links. */
export function DevMailboxPage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const enabled = config.data?.devMailbox === true;
  const mailbox = useDevMailbox(enabled);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const messages = [...(mailbox.data?.messages ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const selected = messages.find((mail) => mail.id === selectedId) ?? messages[0];
  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

  return (
    <>
      <PageHeading>{t('devMailbox.title')}</PageHeading>
      {config.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
      <FormErrorAlert error={config.error ?? mailbox.error} />
      {config.data && !enabled ? <Alert severity="info">{t('devMailbox.disabled')}</Alert> : null}
      {enabled && mailbox.isSuccess && messages.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {t('devMailbox.empty')}
        </Typography>
      ) : null}
      {messages.length > 0 ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Paper variant="outlined">
              <List aria-label={t('devMailbox.messages')} disablePadding>
                {messages.map((mail) => (
                  <ListItem key={mail.id} disablePadding divider>
                  <ListItemButton
                    data-testid="mail-item"
                    selected={mail.id === selected?.id}
                    aria-current={mail.id === selected?.id ? 'true' : undefined}
                    onClick={() => setSelectedId(mail.id)}
                  >
                    <ListItemText
                      primary={mail.subject}
                      secondary={
                        <>
                          <span dir="ltr">{mail.to}</span> · <time dateTime={mail.createdAt}>{formatDate(mail.createdAt)}</time>
                        </>
                      }
                    />
                  </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>{selected ? <MailPreview mail={selected} /> : null}</Grid>
        </Grid>
      ) : null}
    </>
  );
}

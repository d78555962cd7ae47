import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { cohostInviteInputSchema, type CohostInviteInput, type EventDto } from '@magiim/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { showToast } from '../../../components/toast-store';
import { useServerErrors } from '../../../components/use-server-errors';
import { Ltr, UserText, isolateUserText } from '../../../design/bidi';
import { useCohosts, useInviteCohost, useRemoveCohost } from '../api';
import { eventRightsOf } from '../event-rights';

const FIELDS = ['email'] as const;

interface Removal {
  id: string;
  label: string;
  kind: 'member' | 'invitation';
}

const formatDate = (iso: string, lang: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'Asia/Jerusalem' }).format(new Date(iso));

/**
 * The event settings' co-hosts: the owner invites by e-mail, removes co-hosts and revokes open invitations;
 * a co-host reads the list.
 */
export function CohostsSection({ event }: { event: EventDto }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { canManageCohosts } = eventRightsOf(event.role);
  const cohosts = useCohosts(event.id);
  const invite = useInviteCohost(event.id);
  const remove = useRemoveCohost(event.id);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const form = useForm<CohostInviteInput>({
    resolver: zodResolver(cohostInviteInputSchema) as unknown as Resolver<CohostInviteInput>,
    defaultValues: { email: '' },
  });
  const { formError, handleError, clearFormError } = useServerErrors(form.setError, FIELDS);

  const submit = form.handleSubmit((values) => {
    clearFormError();
    invite.mutate(values, {
      onSuccess: (sent) => {
        form.reset({ email: '' });
        showToast('cohosts.invited', 'success', { email: sent.email });
      },
      onError: handleError,
    });
  });

  const confirmRemoval = () => {
    if (!removal) return;
    remove.mutate(removal.id, {
      onSuccess: () => {
        showToast(removal.kind === 'member' ? 'cohosts.removed' : 'cohosts.revoked', 'success', { name: removal.label });
        setRemoval(null);
      },
    });
  };
  const closeRemoval = () => {
    remove.reset();
    setRemoval(null);
  };

  const data = cohosts.data;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mt: 3 }} data-testid="cohosts-section">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
        <Typography id={headingId} variant="h2" component="h2" sx={{ mb: 1 }}>
          {t('cohosts.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('cohosts.explain')}
        </Typography>

        {canManageCohosts ? (
          <Box
            component="form"
            noValidate
            onSubmit={(submitEvent) => {
              submitEvent.preventDefault();
              void submit(submitEvent);
            }}
            sx={{ display: 'flex', gap: 2, alignItems: { xs: 'stretch', sm: 'flex-start' }, flexDirection: { xs: 'column', sm: 'row' } }}
            data-testid="cohost-invite-form"
          >
            <FormTextField control={form.control} name="email" type="email" autoComplete="off" label={t('cohosts.email')} sx={{ flexGrow: 1, mt: 0 }} margin="none" />
            <Button type="submit" variant="contained" startIcon={<PersonAddIcon />} loading={invite.isPending} sx={{ flexShrink: 0, mt: { sm: 1 } }} data-testid="cohost-invite">
              {t('cohosts.invite')}
            </Button>
          </Box>
        ) : (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('cohosts.ownerOnly')}
          </Alert>
        )}
        {canManageCohosts ? <FormErrorAlert error={formError} /> : null}

        {cohosts.isPending ? (
          <CircularProgress size={24} sx={{ mt: 2 }} aria-label={t('cohosts.loading')} />
        ) : cohosts.error ? (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" onClick={() => void cohosts.refetch()}>
                {t('cohosts.retry')}
              </Button>
            }
          >
            {t('cohosts.loadFailed')}
          </Alert>
        ) : data ? (
          <>
            <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
              {t('cohosts.members')}
            </Typography>
            <List disablePadding data-testid="cohost-members">
              {data.members.map((member) => (
                <ListItem
                  key={member.userId}
                  divider
                  disableGutters
                  data-testid="cohost-member"
                  sx={{ gap: 1, flexWrap: 'wrap' }}
                >
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <UserText>{member.fullName}</UserText>
                        <Chip size="small" variant="outlined" color={member.role === 'owner' ? 'primary' : 'default'} label={t(`cohosts.role.${member.role}`)} />
                      </Box>
                    }
                    secondary={<Ltr>{member.email}</Ltr>}
                    slotProps={{ primary: { component: 'span' }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                  {canManageCohosts && member.role === 'cohost' ? (
                    <Button
                      color="secondary"
                      onClick={() => setRemoval({ id: member.userId, label: member.fullName, kind: 'member' })}
                      aria-label={t('cohosts.removeLabel', { name: member.fullName })}
                      data-testid="cohost-remove"
                    >
                      {t('cohosts.remove')}
                    </Button>
                  ) : null}
                </ListItem>
              ))}
            </List>

            {canManageCohosts ? (
              <>
                <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
                  {t('cohosts.pending')}
                </Typography>
                {data.invitations.length === 0 ? (
                  <Typography variant="body2" color="text.secondary" data-testid="cohost-no-invitations">
                    {t('cohosts.noPending')}
                  </Typography>
                ) : (
                  <List disablePadding data-testid="cohost-invitations">
                    {data.invitations.map((invitation) => (
                      <ListItem
                        key={invitation.id}
                        divider
                        disableGutters
                        data-testid="cohost-invitation"
                        sx={{ gap: 1, flexWrap: 'wrap' }}
                      >
                        <ListItemText
                          primary={<Ltr>{invitation.email}</Ltr>}
                          secondary={t('cohosts.expires', { date: formatDate(invitation.expiresAt, i18n.language) })}
                          slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                        />
                        <Button
                          color="secondary"
                          onClick={() => setRemoval({ id: invitation.id, label: invitation.email, kind: 'invitation' })}
                          aria-label={t('cohosts.revokeLabel', { email: invitation.email })}
                          data-testid="cohost-revoke"
                        >
                          {t('cohosts.revoke')}
                        </Button>
                      </ListItem>
                    ))}
                  </List>
                )}
              </>
            ) : null}
          </>
        ) : null}
      </CardContent>

      <Dialog open={removal !== null} onClose={closeRemoval} aria-labelledby="cohost-remove-title" aria-describedby="cohost-remove-body" data-testid="cohost-remove-dialog">
        <DialogTitle id="cohost-remove-title">
          {removal?.kind === 'invitation'
            ? t('cohosts.revokeTitle', { email: isolateUserText(removal.label) })
            : t('cohosts.removeTitle', { name: isolateUserText(removal?.label ?? '') })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="cohost-remove-body">{removal?.kind === 'invitation' ? t('cohosts.revokeBody') : t('cohosts.removeBody')}</DialogContentText>
          <FormErrorAlert error={remove.error} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={closeRemoval} autoFocus>
            {t('cohosts.cancel')}
          </Button>
          <Button color="secondary" variant="contained" loading={remove.isPending} onClick={confirmRemoval} data-testid="cohost-remove-confirm">
            {removal?.kind === 'invitation' ? t('cohosts.revoke') : t('cohosts.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

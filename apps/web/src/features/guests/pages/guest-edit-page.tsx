import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { PageHeading } from '../../../components/page-heading';
import { useEvent } from '../../events/use-event';
import { GuestAnswerCard } from '../../invitations/components/guest-answer-card';
import { GuestAnswerHistoryCard } from '../../invitations/components/guest-answer-history-card';
import { PersonalLinkCard } from '../../invitations/components/personal-link-card';
import { PublicAnswersCard } from '../../invitations/components/public-answers-card';
import { GuestMessageHistoryCard } from '../../messaging/components/guest-message-history';
import { useEditGuest, useGroups, useGuest } from '../api';
import { GuestForm } from '../components/guest-form';
import { GuestStatusChip } from '../components/guest-status-chip';
import { InvitationViews } from '../components/invitation-views';

export function GuestEditPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const navigate = useNavigate();
  const guestId = useParams().guestID ?? '';
  const guest = useGuest(event.id, guestId);
  const groups = useGroups(event.id).data ?? [];
  const edit = useEditGuest(event.id, guestId);
  const backToList = () => void navigate(`/event/${event.id}/guest/list`);

  if (guest.isPending) return <CircularProgress aria-label={t('guests.loading')} />;
  if (guest.isError || !guest.data) {
    return <Alert severity="error">{isApiError(guest.error) && guest.error.status === 404 ? t('guests.edit.notFound') : t('errors.INTERNAL')}</Alert>;
  }
  return (
    <>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <PageHeading>{t('guests.edit.title')}</PageHeading>
        <GuestStatusChip status={guest.data.status} />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <InvitationViews count={guest.data.viewedCount} long />
      </Typography>
      <Card variant="outlined" sx={{ maxWidth: 720, mb: 3 }}>
        <CardContent>
          <GuestForm
            key={guest.data.updatedAt}
            event={event}
            guest={guest.data}
            groups={groups}
            saving={edit.isPending}
            saved={edit.isSuccess}
            error={edit.error}
            onSave={(changes, handleError) => edit.mutate(changes, { onError: handleError })}
            onCancel={backToList}
          />
        </CardContent>
      </Card>
      {/* The host came to edit: the form first, then what the guest answered and their link. */}
      <GuestAnswerCard guest={guest.data} />
      <PublicAnswersCard eventId={event.id} place="guest" guestId={guestId} />
      <PersonalLinkCard event={event} guest={guest.data} />
      <GuestAnswerHistoryCard eventId={event.id} guestId={guestId} />
      <GuestMessageHistoryCard eventId={event.id} guestId={guestId} />
    </>
  );
}

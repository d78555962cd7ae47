import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CheckinGuest } from '@magiim/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { translateError } from '../../../i18n/translate-error';
import { isApiError } from '../../../app/api-error';
import { useSession } from '../../../app/use-session';
import { addWalkIn, checkinKeys, useCheckinContext, useCheckinScan, useCheckinSearch, useCheckinSummary, useCreateUsherLink, useRevokeUsherLink, useUsherLinks } from '../api';
import { takeUsherTokenFromUrl, usherTokenOf } from '../door-access';
import { useDoorQueue } from '../use-door-queue';
import { CheckinGuestCard } from '../components/checkin-guest-card';
import { QrScanner } from '../components/qr-scanner';
import { DoorText } from '../components/door-text';

/** `/event/:id/check-in`: the door, made for a phone; for a host of the event or an usher link. */
export function CheckInPage() {
  const { id = '' } = useParams();
  const [ready] = useState(() => {
    takeUsherTokenFromUrl(id);
    return true;
  });
  const session = useSession();
  const location = useLocation();
  if (ready && !session && !usherTokenOf(id)) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Door eventId={id} />;
}

function Door({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const context = useCheckinContext(eventId);
  const summary = useCheckinSummary(eventId, context.isSuccess);
  const { pendingCount, local, record } = useDoorQueue(eventId);
  const [q, setQ] = useState('');
  const [code, setCode] = useState('');
  const [scannedCode, setScannedCode] = useState<string | null>(null);
  const [walkIn, setWalkIn] = useState<CheckinGuest | null>(null);
  const scan = useCheckinScan(eventId, scannedCode);
  const [scanning, setScanning] = useState(false);
  const [walkInOpen, setWalkInOpen] = useState(false);
  const search = useCheckinSearch(eventId, q);

  const lookUp = useCallback((value: string) => {
    setScanning(false);
    setWalkIn(null);
    setScannedCode(value);
  }, []);
  const scanned = scan.data && scannedCode ? scan.data : walkIn;
  const error = scannedCode && scan.isError && !scan.data ? translateError(t, scan.error) : null;

  const onCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) lookUp(code.trim());
  };

  useEffect(() => {
    document.documentElement.dataset.checkinPending = String(pendingCount);
  }, [pendingCount]);

  if (context.isError) {
    return (
      <Container maxWidth="sm" sx={{ py: 3 }}>
        <PageHeading>{t('checkin.title')}</PageHeading>
        <Alert severity="error">{translateError(t, context.error)}</Alert>
      </Container>
    );
  }

  const cards = (guests: CheckinGuest[]) =>
    guests.map((guest) => (
      <CheckinGuestCard
        key={`${guest.guestId}:${guest.arrivedPeople}:${String(local.get(guest.guestId))}`}
        guest={guest}
        local={local.get(guest.guestId)}
        onArrived={(people) => record(guest.guestId, people)}
        onUndo={() => record(guest.guestId, null)}
      />
    ));

  return (
    <Container maxWidth="sm" component="main" sx={{ py: 2 }}>
      <PageHeading sx={{ fontSize: '1.75rem' }}>{t('checkin.title')}</PageHeading>
      {context.data && <Typography color="text.secondary">{context.data.eventName}</Typography>}
      <Stack direction="row" sx={{ my: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {summary.data && (
          <Typography component="p" data-testid="checkin-summary" sx={{ fontWeight: 600 }}>
            <DoorText k="summary" values={{ arrived: summary.data.arrived, expected: summary.data.expected }} />
          </Typography>
        )}
        <Box role="status" aria-live="polite">
          {pendingCount > 0 ? (
            <Chip color="warning" data-testid="checkin-pending" label={<DoorText k="pending" values={{ count: pendingCount }} />} />
          ) : (
            <Chip variant="outlined" data-testid="checkin-pending" label={t('checkin.allSent')} />
          )}
        </Box>
      </Stack>

      <Stack direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => setScanning(true)}>
          {t('checkin.scan')}
        </Button>
        <Button variant="outlined" onClick={() => setWalkInOpen(true)}>
          {t('checkin.walkIn')}
        </Button>
        {context.data?.role === 'host' && <UsherLinkButton eventId={eventId} />}
      </Stack>

      <Box component="form" onSubmit={onCode} sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <TextField
          label={t('checkin.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } }}
        />
        <Button type="submit" variant="outlined">
          {t('checkin.check')}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {scanned && <Stack sx={{ mb: 2 }}>{cards([scanned])}</Stack>}

      <TextField
        label={context.data?.role === 'usher' ? t('checkin.searchByName') : t('checkin.searchByNameOrPhone')}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        fullWidth
        sx={{ mb: 2 }}
      />
      {search.data && search.data.guests.length === 0 && q.trim() && <Typography>{t('checkin.noResults')}</Typography>}
      <Stack sx={{ gap: 1.5 }}>{search.data && q.trim() ? cards(search.data.guests) : null}</Stack>

      {summary.data && summary.data.byTable.length > 0 && (
        <Box component="section" aria-labelledby="checkin-by-table" sx={{ mt: 3 }}>
          <Typography id="checkin-by-table" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {t('checkin.byTable')}
          </Typography>
          <Box component="ul" sx={{ m: 0, ps: 2 }}>
            {summary.data.byTable.map((row) => (
              <li key={row.table?.number ?? 'none'}>
                {row.table ? <DoorText k="table" values={{ num: row.table.number }} /> : t('checkin.noTable')}
                {' — '}
                <DoorText k="summary" values={{ arrived: row.arrived, expected: row.expected }} />
              </li>
            ))}
          </Box>
        </Box>
      )}

      <QrScanner open={scanning} onClose={() => setScanning(false)} onCode={lookUp} />
      <WalkInDialog
        open={walkInOpen}
        eventId={eventId}
        onClose={() => setWalkInOpen(false)}
        onAdded={(guest) => {
          setWalkInOpen(false);
          setScannedCode(null);
          setWalkIn(guest);
          void queryClient.invalidateQueries({ queryKey: checkinKeys.all(eventId) });
        }}
      />
    </Container>
  );
}

function WalkInDialog({ open, eventId, onClose, onAdded }: { open: boolean; eventId: string; onClose: () => void; onAdded: (guest: CheckinGuest) => void }) {
  const { t } = useTranslation();
  const [fullName, setFullName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [people, setPeople] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onAdded(await addWalkIn(eventId, { fullName, phoneNumber, people: Number(people) }));
      setFullName('');
      setPhoneNumber('');
      setPeople('1');
    } catch (e) {
      // At the door, a full package needs more than "the package is full": what the usher can still do.
      setError(isApiError(e) && e.code === 'INVITEE_LIMIT_REACHED' ? t('checkin.walkInFull') : translateError(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit}>
        <DialogTitle>{t('checkin.walkInTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField label={t('checkin.fullName')} value={fullName} onChange={(e) => setFullName(e.target.value)} required />
            <TextField
              label={t('checkin.phone')}
              value={phoneNumber}
              onChange={(e) => setPhoneNumber(e.target.value)}
              required
              type="tel"
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
            />
            <TextField
              label={t('checkin.people')}
              value={people}
              onChange={(e) => setPeople(e.target.value)}
              type="number"
              required
              slotProps={{ htmlInput: { min: 1, max: 50, dir: 'ltr', inputMode: 'numeric' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('checkin.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('checkin.addWalkIn')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The owner makes an usher link (a co-host is refused by the server and told so). */
function UsherLinkButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const create = useCreateUsherLink(eventId);
  // Only the owner may make usher links: a co-host's list is refused, and the button stays hidden.
  const allowed = useUsherLinks(eventId, true).isSuccess;
  if (!allowed) return null;
  return (
    <>
      <Button variant="text" onClick={() => create.mutate()} disabled={create.isPending}>
        {t('checkin.makeUsherLink')}
      </Button>
      {create.data && (
        <Alert severity="info" sx={{ width: '100%', wordBreak: 'break-all' }}>
          {t('checkin.usherLinkReady')} <bdi dir="ltr">{create.data.url}</bdi>
        </Alert>
      )}
      {create.isError && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {translateError(t, create.error)}
        </Alert>
      )}
      <UsherLinks eventId={eventId} />
    </>
  );
}

/** The owner's live usher links, each revocable (expired and revoked ones are left out). */
function UsherLinks({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation();
  const links = useUsherLinks(eventId, true);
  const revoke = useRevokeUsherLink(eventId);
  const live = (links.data?.ushers ?? []).filter((u) => !u.revoked && Date.parse(u.expiresAt) > Date.now());
  if (live.length === 0) return null;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Jerusalem' });
  return (
    <Box component="section" aria-labelledby="usher-links" sx={{ width: '100%' }}>
      <Typography id="usher-links" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {t('checkin.usherLinks')}
      </Typography>
      <Box component="ul" sx={{ m: 0, ps: 2 }}>
        {live.map((u, index) => (
          <li key={u.id}>
            <DoorText k="usherLinkUntil" values={{ num: index + 1, until: format.format(new Date(u.expiresAt)) }} />{' '}
            <Button size="small" onClick={() => revoke.mutate(u.id)} disabled={revoke.isPending}>
              {t('checkin.revoke')}
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}

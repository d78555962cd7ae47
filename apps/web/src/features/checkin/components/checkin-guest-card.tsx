import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHECKIN_PEOPLE_MAX, type CheckinGuest } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { DoorText } from './door-text';

export interface CheckinGuestCardProps {
  guest: CheckinGuest;
  /** The queued action not yet sent (people, or null for an undo); undefined when none. */
  local: number | null | undefined;
  onArrived: (people: number) => void;
  onUndo: () => void;
}

/** One guest at the door: name, table, expected; "arrived" with the number who came, and undo. */
export function CheckinGuestCard({ guest, local, onArrived, onUndo }: CheckinGuestCardProps) {
  const { t } = useTranslation();
  const arrived = local === undefined ? guest.arrived : local !== null;
  const arrivedPeople = local === undefined ? guest.arrivedPeople : (local ?? 0);
  const [people, setPeople] = useState(String(arrived ? arrivedPeople : guest.expected));
  const count = Number(people);
  const valid = people !== '' && Number.isInteger(count) && count >= 0 && count <= CHECKIN_PEOPLE_MAX;
  const fieldId = `people-${guest.guestId}`;
  return (
    <Card variant="outlined" component="article" aria-label={guest.fullName} data-testid="checkin-guest">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h3" component="h2" sx={{ fontSize: '1.25rem' }}>
            {guest.fullName}
          </Typography>
          {arrived ? (
            <Chip color="success" label={<DoorText k="arrivedCount" values={{ count: arrivedPeople }} />} />
          ) : (
            <Chip variant="outlined" label={t('checkin.notArrived')} />
          )}
        </Stack>
        <Typography sx={{ mt: 1 }}>
          {guest.table
            ? guest.table.name
              ? <DoorText k="tableNamed" values={{ num: guest.table.number, name: guest.table.name }} />
              : <DoorText k="table" values={{ num: guest.table.number }} />
            : t('checkin.noTable')}
        </Typography>
        <Typography color="text.secondary"><DoorText k="expected" values={{ count: guest.expected }} /></Typography>
        {local !== undefined && (
          <Typography color="warning.main" variant="body2">
            {t('checkin.notSentYet')}
          </Typography>
        )}
        <Stack direction="row" sx={{ mt: 2, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            id={fieldId}
            label={t('checkin.people')}
            type="number"
            size="small"
            value={people}
            onChange={(e) => setPeople(e.target.value)}
            error={!valid}
            slotProps={{ htmlInput: { min: 0, max: CHECKIN_PEOPLE_MAX, inputMode: 'numeric', dir: 'ltr' } }}
            sx={{ width: 110 }}
          />
          <Button variant="contained" disabled={!valid} onClick={() => onArrived(count)}>
            {arrived ? t('checkin.update') : t('checkin.markArrived')}
          </Button>
          {arrived && (
            <Button variant="text" onClick={onUndo}>
              {t('checkin.undo')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

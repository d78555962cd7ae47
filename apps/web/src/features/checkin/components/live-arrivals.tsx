import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCheckinSummary } from '../api';
import { DoorText } from './door-text';

/** The dashboard during the event: arrived / expected, in all and by table, refreshed every few seconds. */
export function LiveArrivals({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const summary = useCheckinSummary(eventId).data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="live-arrivals-title" data-testid="live-arrivals" sx={{ p: 2, mb: 3, borderRadius: 4 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="live-arrivals-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('checkin.liveTitle')}
        </Typography>
        <Button component={RouterLink} to={`/event/${eventId}/check-in`} variant="outlined" size="small">
          {t('checkin.openDoor')}
        </Button>
      </Box>
      {summary && (
        <>
          <Typography sx={{ mt: 1, fontWeight: 600 }}>
            <DoorText k="summary" values={{ arrived: summary.arrived, expected: summary.expected }} />
          </Typography>
          <LinearProgress
            variant="determinate"
            value={summary.expected ? Math.min(100, (summary.arrived / summary.expected) * 100) : 0}
            aria-label={t('checkin.liveTitle')}
            sx={{ my: 1 }}
          />
          <Box component="ul" sx={{ m: 0, ps: 2 }}>
            {summary.byTable.map((row) => (
              <li key={row.table?.number ?? 'none'}>
                {row.table ? <DoorText k="table" values={{ num: row.table.number }} /> : t('checkin.noTable')}
                {' — '}
                <DoorText k="summary" values={{ arrived: row.arrived, expected: row.expected }} />
              </li>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}

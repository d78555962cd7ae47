import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import type { SeatingGuest, SeatingPlan } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isolateLtr, isolateUserText, UserText } from '../../../design/bidi';
import { colors } from '../../../design/tokens';
import { eventNameIn } from '../../events/format-event';
import { useEvent } from '../../events/use-event';
import { useSeatingPlan } from '../api';

const PRINT_ROOT = 'seating-print';

/**
 * `/event/:id/seating/print`: the hall's A4 table list (table, guests, people) and place cards. Only this part
 * prints (the dashboard's frame is hidden by the print CSS); the browser makes the PDF.
 */
export function SeatingPrintPage() {
  const event = useEvent();
  const { t, i18n } = useTranslation();
  const plan = useSeatingPlan(event.id);
  return (
    <Box>
      <GlobalStyles
        styles={{
          '@page': { size: 'A4', margin: '14mm' },
          '@media print': {
            'body *': { visibility: 'hidden' },
            [`#${PRINT_ROOT}, #${PRINT_ROOT} *`]: { visibility: 'visible' },
            [`#${PRINT_ROOT}`]: { position: 'absolute', insetInlineStart: 0, top: 0, width: '100%' },
            '.seating-no-print': { display: 'none !important' },
            body: { background: '#fff' },
          },
        }}
      />
      <Stack direction="row" spacing={1.5} className="seating-no-print" sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1.5 }}>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!plan.data} sx={{ whiteSpace: 'nowrap' }} data-testid="seating-print-now">
          {t('seating.print.printNow')}
        </Button>
        <Button variant="outlined" component={RouterLink} to={`/event/${event.id}/seating`} sx={{ whiteSpace: 'nowrap' }}>
          {t('seating.print.back')}
        </Button>
      </Stack>
      <Box id={PRINT_ROOT} data-testid={plan.data ? 'seating-print-ready' : undefined}>
        <Typography variant="h1" sx={{ mb: 3 }}>
          {t('seating.print.title', { event: isolateUserText(eventNameIn(event, i18n.language)) })}
        </Typography>
        {plan.data ? <PrintSheets plan={plan.data} /> : <CircularProgress aria-label={t('seating.title')} />}
      </Box>
    </Box>
  );
}

function PrintSheets({ plan }: { plan: SeatingPlan }) {
  const { t } = useTranslation();
  const byTable = useMemo(() => {
    const map = new Map<string, SeatingGuest[]>();
    for (const g of plan.guests) if (g.tableId) map.set(g.tableId, [...(map.get(g.tableId) ?? []), g]);
    return map;
  }, [plan.guests]);
  const seatedGuests = plan.tables.flatMap((x) => (byTable.get(x.id) ?? []).map((g) => ({ guest: g, number: x.number })));
  if (seatedGuests.length === 0) return <Typography color="text.secondary">{t('seating.print.empty')}</Typography>;
  const cell = { border: `1px solid ${colors.line}`, padding: '6px 10px', textAlign: 'start' as const, verticalAlign: 'top' as const };
  return (
    <>
      <Typography variant="h2" component="h2" sx={{ mb: 1.5 }}>
        {t('seating.print.tableList')}
      </Typography>
      <Box component="table" data-testid="seating-print-table" sx={{ width: '100%', borderCollapse: 'collapse', mb: 4, fontSize: '0.95rem', '& tr': { breakInside: 'avoid' } }}>
        <thead>
          <tr style={{ background: colors.primarySoft }}>
            <th style={{ ...cell, width: '18%' }}>{t('seating.print.table')}</th>
            <th style={cell}>{t('seating.print.guests')}</th>
            <th style={{ ...cell, width: '12%' }}>{t('seating.print.people')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.tables.map((x) => {
            const guests = byTable.get(x.id) ?? [];
            return (
              <tr key={x.id}>
                <td style={cell}>
                  <strong>
                    <bdi dir="ltr">{x.number}</bdi>
                  </strong>
                  {x.name ? (
                    <>
                      {' '}
                      <UserText>{x.name}</UserText>
                    </>
                  ) : null}
                </td>
                <td style={cell}>
                  {guests.map((g, i) => (
                    <span key={g.guestId}>
                      {i > 0 ? ', ' : ''}
                      <UserText>{g.fullName}</UserText>
                      {g.seats > 1 ? (
                        <>
                          {' '}
                          <bdi dir="ltr">({g.seats})</bdi>
                        </>
                      ) : null}
                    </span>
                  ))}
                </td>
                <td style={cell}>
                  <bdi dir="ltr">
                    {x.seated}/{x.capacity}
                  </bdi>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Box>
      <Typography variant="h2" component="h2" sx={{ mb: 1.5, breakBefore: 'page' }}>
        {t('seating.print.placeCards')}
      </Typography>
      <Box data-testid="seating-place-cards" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2, '@media print': { gridTemplateColumns: 'repeat(3, 1fr)' } }}>
        {seatedGuests.map(({ guest, number }) => (
          <Box
            key={guest.guestId}
            data-testid="seating-place-card"
            sx={{ breakInside: 'avoid', border: `1px dashed ${colors.gold}`, borderRadius: 2, p: 2, textAlign: 'center', minHeight: 110, display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 1 }}
          >
            <Typography sx={{ fontWeight: 600, fontSize: '1.15rem' }}>
              <UserText>{guest.fullName}</UserText>
            </Typography>
            <Typography sx={{ color: colors.rose, fontWeight: 600 }}>{t('seating.print.placeCardTable', { number: isolateLtr(String(number)) })}</Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

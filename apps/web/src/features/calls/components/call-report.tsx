import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { CALL_REPORT_PAGE_SIZE, CALL_RESULTS, formatPhone, isLang, type CallReport as CallReportData, type CallResult, type Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Ltr, UserText } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { ToneChip } from '../../messaging/components/tone-chip';
import { useCallReport } from '../report-api';
import { SendingStoppedNotice } from '../../messaging/components/sending-stopped-notice';
import { useMessageFunnel } from '../../messaging/api';
import { CallAttemptList, CallResultChip } from './call-report-parts';
import { answerText, CALL_TEAL } from './call-round-status';
import { isPremiumEvent } from '../call-script-fill';
import { formatLocalDateTime } from '../../messaging/format-local';
import { BackIcon, NextIcon } from '../../../design/direction-icons';

type Item = CallReportData['items'][number];

/** The totals as filter chips: "All" and one per result that has guests (the active filter always shows). */
export const reportFilters = (totals: CallReportData['totals'], active: CallResult | null): { result: CallResult | null; count: number }[] => {
  const all = CALL_RESULTS.reduce((sum, result) => sum + (totals[result] ?? 0), 0);
  return [{ result: null, count: all }, ...CALL_RESULTS.filter((result) => (totals[result] ?? 0) > 0 || result === active).map((result) => ({ result, count: totals[result] ?? 0 }))];
};

function NextAttempt({ item, lang }: { item: Item; lang: Lang }) {
  return item.nextAttemptAt ? <Ltr>{formatLocalDateTime(lang, item.nextAttemptAt)}</Ltr> : <span aria-hidden>—</span>;
}

function Answer({ item }: { item: Item }) {
  const { t } = useTranslation();
  const text = answerText(t, item.answer);
  return text ? <span data-testid="call-answer">{text}</span> : <span aria-hidden>—</span>;
}

export function ReportTable({ items, lang }: { items: Item[]; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('callRound.report.title')} data-testid="call-report-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('callRound.report.guest')}</TableCell>
            <TableCell>{t('callRound.report.phone')}</TableCell>
            <TableCell>{t('callRound.report.result')}</TableCell>
            <TableCell>{t('callRound.report.attempts')}</TableCell>
            <TableCell>{t('callRound.report.nextAttempt')}</TableCell>
            <TableCell>{t('callRound.report.answer')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.guestId} data-testid="call-report-row" data-result={item.result} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ fontWeight: 600 }}>
                <UserText>{item.fullName}</UserText>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Ltr>{formatPhone(item.phoneNumber)}</Ltr>
              </TableCell>
              <TableCell>
                <CallResultChip result={item.result} reason={item.reason} nextAttemptAt={item.nextAttemptAt} />
              </TableCell>
              <TableCell sx={{ minWidth: 260 }}>
                <CallAttemptList attempts={item.attempts} lang={lang} />
              </TableCell>
              <TableCell>
                <NextAttempt item={item} lang={lang} />
              </TableCell>
              <TableCell>
                <Answer item={item} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ReportCards({ items, lang }: { items: Item[]; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('callRound.report.title')}>
      {items.map((item) => (
        <Card component="li" key={item.guestId} variant="outlined" sx={{ p: 1.5 }} data-testid="call-report-row" data-result={item.result}>
          <Stack direction="row" spacing={1} alignItems="flex-start" justifyContent="space-between">
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <UserText>{item.fullName}</UserText>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <Ltr>{formatPhone(item.phoneNumber)}</Ltr>
              </Typography>
            </Box>
            <CallResultChip result={item.result} reason={item.reason} nextAttemptAt={item.nextAttemptAt} />
          </Stack>
          <Box sx={{ mt: 1 }}>
            <CallAttemptList attempts={item.attempts} lang={lang} />
          </Box>
          {item.nextAttemptAt || item.answer ? (
            <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, typography: 'body2' }}>
              {item.nextAttemptAt ? (
                <>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {t('callRound.report.nextAttempt')}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    <NextAttempt item={item} lang={lang} />
                  </Box>
                </>
              ) : null}
              {item.answer ? (
                <>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {t('callRound.report.answer')}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    <Answer item={item} />
                  </Box>
                </>
              ) : null}
            </Box>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

/** Whether this event may run a call round: premium with calls on, premium with calls off, or not premium. */
export type CallAccess = 'on' | 'notIncluded' | 'premium';

export const callAccessOf = (event: { orderPackageId: number | null; includeCallsPreference: boolean }): CallAccess =>
  !isPremiumEvent(event) ? 'premium' : event.includeCallsPreference ? 'on' : 'notIncluded';

/** A round not started: why, and the one place to go next (timing, the event's settings, or the upgrade). The button sits
 * under the text, not beside it, so a long word in a narrow column (Hebrew, a phone) never wraps it line by line. */
function NotStarted({ eventId, access }: { eventId: string; access: CallAccess }) {
  const { t } = useTranslation();
  const next =
    access === 'premium'
      ? { text: t('callRound.report.premium'), action: t('callRound.report.upgrade'), to: `/pricing/${eventId}` }
      : access === 'notIncluded'
        ? { text: t('callRound.report.notIncluded'), action: t('callRound.report.settings'), to: `/event/${eventId}/settings/rsvp` }
        : { text: t('callRound.report.empty'), action: t('callRound.report.timing'), to: `/event/${eventId}/guest/timing` };
  return (
    <Alert severity="info" data-testid="call-report-empty" data-access={access} sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}>
      <Box component="p" sx={{ m: 0 }}>
        {next.text}
      </Box>
      <Button
        component={RouterLink}
        to={next.to}
        color="inherit"
        size="small"
        variant="outlined"
        sx={{ mt: 1, whiteSpace: 'nowrap', maxWidth: '100%' }}
        data-testid="call-report-next"
      >
        {next.action}
      </Button>
    </Alert>
  );
}

/** `/event/:id/call-messages`, below the script: the call round's guests, tries and answers, live while it runs. */
export function CallReport({ eventId, access = 'on' }: { eventId: string; access?: CallAccess }) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'he';
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const [filter, setFilter] = useState<CallResult | null>(null);
  const [page, setPage] = useState(0);
  const query = useCallReport(eventId, page, filter);
  const data = query.data;
  const stopped = useMessageFunnel(eventId).data?.stopped === true;
  const choose = (result: CallResult | null) => {
    setFilter(result);
    setPage(0);
  };
  const from = data && data.total > 0 ? page * CALL_REPORT_PAGE_SIZE + 1 : 0;
  const to = data ? Math.min(data.total, (page + 1) * CALL_REPORT_PAGE_SIZE) : 0;
  const started = data ? data.state === 'running' || data.state === 'done' || reportFilters(data.totals, null)[0]!.count > 0 : false;

  return (
    <Card variant="outlined" component="section" id="call-report" aria-labelledby="call-report-title" data-testid="call-report" data-state={data?.state} sx={{ mt: 3 }}>
      <CardContent>
        {stopped ? <SendingStoppedNotice eventId={eventId} /> : null}
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
          <Typography id="call-report-title" variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
            {t('callRound.report.title')}
          </Typography>
          {data ? (
            <ToneChip
              tone={data.state === 'running' ? 'info' : data.state === 'done' ? 'success' : 'neutral'}
              label={t(`callRound.report.state.${data.state}`)}
              data-testid="call-report-state"
            />
          ) : null}
          {data?.state === 'running' ? (
            <Typography variant="caption" color="text.secondary" role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
              <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: CALL_TEAL, display: 'inline-block' }} />
              {t('callRound.report.live')}
            </Typography>
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('callRound.report.intro')}
        </Typography>
        {query.error && !data ? (
          <Alert severity="error">{t('callRound.report.loadFailed')}</Alert>
        ) : !data ? (
          <CircularProgress size={28} aria-label={t('callRound.report.title')} />
        ) : !started ? (
          <NotStarted eventId={eventId} access={access} />
        ) : (
          <>
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap role="group" aria-label={t('callRound.report.filters')} sx={{ mb: 2 }} data-testid="call-report-filters">
              {reportFilters(data.totals, filter).map(({ result, count }) => {
                const selected = filter === result;
                return (
                  <Chip
                    key={result ?? 'all'}
                    clickable
                    color={selected ? 'primary' : 'default'}
                    variant={selected ? 'filled' : 'outlined'}
                    aria-pressed={selected}
                    onClick={() => choose(result)}
                    data-testid={`call-filter-${result ?? 'all'}`}
                    label={
                      <>
                        {result ? t(`callRound.results.${result}`) : t('callRound.report.all')}{' '}
                        <Box component="span" sx={{ fontWeight: 700 }} data-testid="call-filter-count">
                          <Ltr>{count}</Ltr>
                        </Box>
                      </>
                    }
                  />
                );
              })}
            </Stack>
            {data.items.length === 0 ? (
              <Typography color="text.secondary" data-testid="call-report-empty-filter">
                {t('callRound.report.emptyFilter')}
              </Typography>
            ) : wide ? (
              <ReportTable items={data.items} lang={lang} />
            ) : (
              <ReportCards items={data.items} lang={lang} />
            )}
            {data.total > CALL_REPORT_PAGE_SIZE ? (
              <Stack direction="row" spacing={1} alignItems="center" justifyContent="flex-end" sx={{ mt: 2 }} component="nav" aria-label={t('callRound.report.title')}>
                <Typography variant="body2" color="text.secondary" data-testid="call-report-range">
                  {ti('callRound.report.page', { range: `${from}–${to}`, total: data.total })}
                </Typography>
                <Button size="small" onClick={() => setPage(page - 1)} disabled={page === 0} aria-label={t('callRound.report.previous')} sx={{ minWidth: 44 }}>
                  <BackIcon variant="chevron" />
                </Button>
                <Button size="small" onClick={() => setPage(page + 1)} disabled={to >= data.total} aria-label={t('callRound.report.next')} sx={{ minWidth: 44 }}>
                  <NextIcon variant="chevron" />
                </Button>
              </Stack>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

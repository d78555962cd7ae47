import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { GiftLedgerResponse, Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr, UserText } from '../../../design/bidi';
import { colors } from '../../../design/tokens';
import { formatShekels } from '../../billing/format-money';
import { methodRows, shareOf, sideRows, type TotalRow } from '../gift-form';

function TotalRows<K extends string>({ title, rows, total, lang, testId, userLabels }: { title: string; rows: TotalRow<K>[]; total: number; lang: Lang; testId: string; userLabels?: boolean }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-label={title} data-testid={testId} sx={{ mt: 3 }}>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {rows.map((row) => (
          <Box component="li" key={row.key} data-testid={`${testId}-${row.key}`}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
              <Typography sx={{ minWidth: 0 }}>
                {userLabels ? <UserText>{row.label}</UserText> : row.label}
                <Typography component="span" variant="body2" color="text.secondary">
                  {' · '}
                  {t('giftLedger.totals.gifts', { count: row.count })}
                </Typography>
              </Typography>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="total-row-amount">
                <Ltr>{formatShekels(row.amount, lang)}</Ltr>
              </Typography>
            </Box>
            <Box aria-hidden sx={{ mt: 0.5, height: 6, borderRadius: 999, bgcolor: colors.primarySoft, overflow: 'hidden' }}>
              <Box sx={{ height: '100%', width: `${shareOf(row.amount, total)}%`, bgcolor: 'primary.main', borderRadius: 999 }} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The sum received, by method and by side (the host's own side names). */
export function GiftTotalsCard({ ledger, lang }: { ledger: GiftLedgerResponse; lang: Lang }) {
  const { t } = useTranslation();
  const { totals } = ledger;
  return (
    <Card component="section" aria-labelledby="gift-totals-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="gift-totals">
      <Box sx={{ mx: { xs: -2, sm: -3 }, mt: { xs: -2, sm: -3 }, px: { xs: 2, sm: 3 }, py: 2.5, mb: 1, bgcolor: colors.goldSoft, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="h2" id="gift-totals-title" sx={{ fontSize: '1.125rem' }}>
          {t('giftLedger.totals.title')}
        </Typography>
        <Typography sx={{ fontSize: { xs: '2rem', sm: '2.25rem' }, fontWeight: 700, lineHeight: 1.2, color: 'primary.dark' }} data-testid="gift-total-amount">
          <Ltr>{formatShekels(totals.amount, lang)}</Ltr>
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="gift-total-count">
          {t('giftLedger.totals.summary', { count: totals.count, givers: totals.givers })}
        </Typography>
      </Box>
      <TotalRows title={t('giftLedger.totals.byMethod')} rows={methodRows(totals, (m) => t(`giftLedger.methods.${m}`))} total={totals.amount} lang={lang} testId="gift-by-method" />
      <TotalRows
        title={t('giftLedger.totals.bySide')}
        rows={sideRows(totals, ledger.sideLabels, lang, t('giftLedger.totals.noSide'))}
        total={totals.amount}
        lang={lang}
        testId="gift-by-side"
        userLabels
      />
    </Card>
  );
}

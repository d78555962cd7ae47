import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ExpenseTotals as Totals, Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { formatShekels } from '../money';

const FIGURES = ['totalPayment', 'paidAmount', 'leftToPay'] as const;

/** The three sums at a glance, above the rows (the phone's totals row; the table repeats them in its footer). */
export function ExpenseTotals({ totals, lang }: { totals: Totals; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t('expenses.totals')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: { xs: 1, sm: 2 }, mb: 3 }}
      data-testid="expense-totals"
    >
      {FIGURES.map((figure) => (
        <Card
          key={figure}
          sx={{
            p: { xs: 1.5, sm: 2.5 },
            // A phone: label and sum on one line, so the three sums take little height.
            display: { xs: 'flex', sm: 'block' },
            justifyContent: 'space-between',
            alignItems: 'baseline',
            gap: 1,
            bgcolor: figure === 'leftToPay' ? 'primary.main' : 'background.paper',
            color: figure === 'leftToPay' ? 'primary.contrastText' : 'text.primary',
          }}
        >
          <Typography variant="body2" sx={{ color: figure === 'leftToPay' ? 'inherit' : 'text.secondary' }}>
            {t(`expenses.columns.${figure}`)}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.125rem', sm: '1.5rem' }, fontWeight: 700 }} data-testid={`total-${figure}`}>
            <Ltr>{formatShekels(totals[figure], lang)}</Ltr>
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

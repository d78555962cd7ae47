import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { INVITEE_TIERS, type PackagesResponse } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { colors } from '../../../design/tokens';
import { useConfig } from '../../config/api';
import { formatNumber, formatShekels } from '../format-money';
import { isOfferable, priceOf } from '../checkout-model';

interface TierPickerProps {
  packages: PackagesResponse;
  packageId: number;
  value: number;
  onChange: (inviteeCount: number) => void;
}

const LARGEST = INVITEE_TIERS[INVITEE_TIERS.length - 1] ?? 2000;
/** The radio stays for keyboards and screen readers; the chip around it is what the eye sees. */
const HIDDEN_INPUT = { position: 'absolute', opacity: 0, width: 1, height: 1, margin: 0, pointerEvents: 'none' } as const;

/** The number of guests (phone numbers) the package covers, as chips with their price; above 2,000 the host writes to us. */
export function TierPicker({ packages, packageId, value, onChange }: TierPickerProps) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const { data: config } = useConfig();
  const number = (count: number) => formatNumber(count, i18n.language);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="tier-picker">
      <Typography component="legend" variant="h3" sx={{ mb: 0.5, p: 0 }}>
        {t('billing.order.tierLabel')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('billing.order.tierHint')}
        {packages.guestCount > 0 ? <> {ti('billing.order.tierListCount', { count: number(packages.guestCount) })}</> : null}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 1 }}>
        {INVITEE_TIERS.map((tier) => {
          const price = priceOf(packages, packageId, tier);
          const disabled = price === null || !isOfferable(packages.current, packageId, tier);
          const selected = value === tier;
          return (
            <Box
              key={tier}
              component="label"
              data-testid={`tier-${tier}`}
              sx={{
                position: 'relative',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                minHeight: 56,
                px: 1,
                py: 0.75,
                borderRadius: '10px',
                border: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? colors.primarySoft : 'background.paper',
                color: disabled ? 'text.disabled' : 'text.primary',
                cursor: disabled ? 'default' : 'pointer',
                textAlign: 'center',
                '&:hover': disabled || selected ? undefined : { borderColor: 'primary.light' },
                '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2 },
              }}
            >
              <input
                type="radio"
                name="inviteeCount"
                value={tier}
                checked={selected}
                disabled={disabled}
                onChange={() => onChange(tier)}
                style={HIDDEN_INPUT}
              />
              <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.0625rem', lineHeight: 1.3 }}>
                <Ltr>{number(tier)}</Ltr>
              </Typography>
              {price !== null ? (
                <Typography component="span" variant="caption" sx={{ color: disabled ? 'text.disabled' : 'text.secondary' }}>
                  <Ltr>{formatShekels(price, i18n.language)}</Ltr>
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Box>
      {packages.guestCount > value ? (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="tier-too-small">
          {ti('billing.order.tierTooSmall', { guests: number(packages.guestCount), tier: number(value) })}
        </Alert>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {ti('billing.order.moreThanLargest', { count: number(LARGEST) })}{' '}
        {config?.supportEmail ? (
          <Link href={`mailto:${config.supportEmail}`}>
            <Ltr>{config.supportEmail}</Ltr>
          </Link>
        ) : null}
      </Typography>
    </Box>
  );
}

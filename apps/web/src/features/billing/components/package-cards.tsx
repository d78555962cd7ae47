import Box from '@mui/material/Box';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import CallIcon from '@mui/icons-material/PhoneInTalkOutlined';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import ChatIcon from '@mui/icons-material/ChatOutlined';
import { PACKAGE_IDS, packageIncludesCalls, type PackageId, type PackagesResponse } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { useIsolatedT } from '../../../design/isolated-text';
import { colors } from '../../../design/tokens';
import { formatShekels } from '../format-money';
import { isPackageOfferable } from '../checkout-model';

interface PackageCardsProps {
  packages: PackagesResponse;
  value: PackageId;
  onChange: (packageId: PackageId) => void;
}

/** The two packages as selectable cards (a radio group): what each sends and its lowest price. */
export function PackageCards({ packages, value, onChange }: PackageCardsProps) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  return (
    <Box
      role="radiogroup"
      aria-labelledby="package-cards-label"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
      data-testid="package-cards"
    >
      <Typography id="package-cards-label" variant="h3" component="h2" sx={{ gridColumn: '1 / -1' }}>
        {t('billing.order.packageLabel')}
      </Typography>
      {PACKAGE_IDS.map((id) => {
        const offer = packages.packages.find((candidate) => candidate.id === id);
        const lowest = offer ? Math.min(...offer.tiers.map((tier) => tier.price)) : null;
        const selected = value === id;
        const disabled = !isPackageOfferable(packages.current, id);
        const isCurrent = packages.current?.packageId === id;
        const features = ['messages', 'reminder', ...(packageIncludesCalls(id) ? ['calls'] : [])];
        return (
          <Box
            key={id}
            component="label"
            data-testid={`package-${id}`}
            sx={{
              position: 'relative',
              display: 'flex',
              flexDirection: 'column',
              gap: 1,
              p: { xs: 2, sm: 2.5 },
              borderRadius: '16px',
              border: 2,
              borderColor: selected ? 'primary.main' : 'divider',
              bgcolor: selected ? colors.primarySoft : 'background.paper',
              cursor: disabled ? 'default' : 'pointer',
              opacity: disabled ? 0.6 : 1,
              transition: 'border-color 120ms, background-color 120ms',
              '&:hover': disabled ? undefined : { borderColor: selected ? 'primary.main' : 'primary.light' },
              '&:focus-within': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2 },
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Radio
                checked={selected}
                disabled={disabled}
                onChange={() => onChange(id)}
                value={id}
                name="packageId"
                sx={{ p: 0.5, ml: -0.5 }}
                slotProps={{ input: { 'aria-describedby': `package-${id}-details` } }}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexGrow: 1 }}>
                {packageIncludesCalls(id) ? <CallIcon sx={{ color: 'secondary.main' }} aria-hidden /> : <ChatIcon sx={{ color: 'primary.main' }} aria-hidden />}
                <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
                  {t(`billing.packages.${id}.name`)}
                </Typography>
              </Box>
              {isCurrent ? (
                <Typography component="span" variant="caption" sx={{ px: 1, py: 0.25, borderRadius: 999, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
                  {t('billing.order.currentBadge')}
                </Typography>
              ) : null}
            </Box>
            <Box id={`package-${id}-details`}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t(`billing.packages.${id}.description`)}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
                {features.map((feature) => (
                  <Typography key={feature} component="li" variant="body2" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <CheckIcon fontSize="small" sx={{ color: 'success.main', mt: '2px' }} aria-hidden />
                    {t(`billing.features.${feature}`)}
                  </Typography>
                ))}
              </Box>
              {lowest !== null ? (
                <Typography sx={{ mt: 1.5, fontWeight: 600, color: 'primary.dark' }}>
                  {ti('billing.order.from', { price: formatShekels(lowest, i18n.language) })}
                </Typography>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

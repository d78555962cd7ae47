import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCardOutlined';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphoneOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { GIFT_METHODS, type GiftMethod } from '@magiim/shared';
import type { ReactElement } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const METHOD_ICONS: Record<GiftMethod, ReactElement> = {
  cheque: <ReceiptIcon />,
  cash: <PaymentsIcon />,
  bankTransfer: <AccountBalanceIcon />,
  bit: <PhoneIphoneIcon />,
  paybox: <PhoneIphoneIcon />,
  giftLink: <CreditCardIcon />,
  other: <MoreHorizIcon />,
};

/** The methods a host records by hand (a gift-link payment adds itself, but may be typed too), one tap each. */
export function MethodChips({ value, onChange }: { value: GiftMethod; onChange: (method: GiftMethod) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('giftLedger.form.method')}
      </Typography>
      <Box role="group" aria-labelledby={labelId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="gift-methods">
        {GIFT_METHODS.map((method) => {
          const selected = method === value;
          return (
            <Chip
              key={method}
              icon={METHOD_ICONS[method]}
              label={t(`giftLedger.methods.${method}`)}
              clickable
              color={selected ? 'primary' : 'default'}
              variant={selected ? 'filled' : 'outlined'}
              aria-pressed={selected}
              onClick={() => onChange(method)}
              data-testid={`gift-method-${method}`}
              sx={{ height: 44, borderRadius: 999, fontSize: '0.9375rem', px: 0.5 }}
            />
          );
        })}
      </Box>
    </Box>
  );
}

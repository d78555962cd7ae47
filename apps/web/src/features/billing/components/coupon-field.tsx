import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import { couponCodeSchema } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api-error';
import { useIsolatedT } from '../../../design/isolated-text';
import { translateError } from '../../../i18n/translate-error';
import { translateMessage } from '../../../i18n/translate-message';
import { formatShekels } from '../format-money';
import type { CheckoutSelection } from '../checkout-model';

interface CouponFieldProps {
  applied: CheckoutSelection['coupon'];
  /** Asks the server for the code's discount on the current choice; rejects with its error. */
  onApply: (code: string) => Promise<void>;
  onRemove: () => void;
  pending: boolean;
}

/** A coupon code: checked by the server (POST coupons/check), its discount shown once accepted. */
export function CouponField({ applied, onApply, onRemove, pending }: CouponFieldProps) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (applied) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="coupon-applied">
        <LocalOfferIcon sx={{ color: 'success.main' }} aria-hidden />
        <Typography sx={{ color: 'success.main', fontWeight: 600, flexGrow: 1 }} role="status">
          {ti('billing.order.couponApplied', { code: applied.code, discount: formatShekels(applied.check.discount, i18n.language) })}
        </Typography>
        <Button onClick={onRemove} size="small">
          {t('billing.order.couponRemove')}
        </Button>
      </Box>
    );
  }

  const apply = async () => {
    const parsed = couponCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(translateMessage(t, parsed.error.issues[0]?.message) ?? t('errors.INVALID_COUPON'));
      return;
    }
    setError(null);
    try {
      await onApply(parsed.data);
      setCode('');
    } catch (failure) {
      if (isApiError(failure) && failure.handledGlobally) return;
      // A malformed code is refused as a validation issue on `code`: the same words as an unknown one.
      const issue = isApiError(failure) ? failure.issues[0]?.message : undefined;
      setError(issue ? (translateMessage(t, issue) ?? translateError(t, failure)) : translateError(t, failure));
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <TextField
        label={t('billing.order.couponLabel')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
        error={Boolean(error)}
        helperText={error ?? ' '}
        sx={{ flexGrow: 1, maxWidth: 320 }}
        slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false, 'data-testid': 'coupon-input' } }}
      />
      <Button variant="outlined" onClick={() => void apply()} disabled={pending || code.trim() === ''} sx={{ minHeight: 56 }} data-testid="coupon-apply">
        {t('billing.order.couponApply')}
      </Button>
    </Box>
  );
}

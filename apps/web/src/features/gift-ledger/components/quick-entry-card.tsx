import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { GIFT_NOTE_MAX_LENGTH, type Lang, type SideLabels } from '@magiim/shared';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { showToast } from '../../../components/toast-store';
import { useServerErrors } from '../../../components/use-server-errors';
import { isolateLtr, isolateUserText } from '../../../design/bidi';
import { translateMessage } from '../../../i18n/translate-message';
import { formatShekels } from '../../billing/format-money';
import { useAddGift } from '../api';
import { agorotOfTyped, emptyGiftForm, giftFormSchema, type GiftFormOutput, type GiftFormValues } from '../gift-form';
import { GuestSearchField, type GuestOption } from './guest-search-field';
import { MethodChips } from './method-chips';

const FIELDS = ['guestId', 'amount', 'method', 'note'] as const;

interface QuickEntryCardProps {
  eventId: string;
  sideLabels: SideLabels;
  lang: Lang;
  /** A guest chosen elsewhere on the page ("came and gave nothing"): put in the form, the amount next. */
  preset: { guest: GuestOption; nonce: number } | null;
}

/**
 * Quick entry at the hall's exit or at home with the envelopes: search a guest, type the amount in shekels, tap a
 * method, save. The method stays for the next gift (a pile of cheques), the rest empties and the search has the cursor.
 */
export function QuickEntryCard({ eventId, sideLabels, lang, preset }: QuickEntryCardProps) {
  const { t } = useTranslation();
  const add = useAddGift(eventId);
  const [guest, setGuest] = useState<GuestOption | null>(null);
  const guestInput = useRef<HTMLInputElement>(null);
  const { control, handleSubmit, setError, reset, setValue, setFocus, watch, getValues, formState } = useForm<GiftFormValues, unknown, GiftFormOutput>({
    resolver: zodResolver(giftFormSchema),
    defaultValues: emptyGiftForm(),
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);
  // FormTextField knows the fields as typed (the amount as text); the resolver's output (agorot) is for submit only.
  const fieldControl = control as unknown as Control<GiftFormValues>;

  useEffect(() => {
    if (!preset) return;
    setGuest(preset.guest);
    setValue('guestId', preset.guest.id, { shouldValidate: formState.isSubmitted });
    setFocus('amount');
    // The preset alone decides (a new nonce each time the host picks a guest elsewhere).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preset]);

  const amountText = watch('amount');
  const typedAgorot = agorotOfTyped(amountText);

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    add.mutate(values, {
      onSuccess: () => {
        showToast('giftLedger.form.saved', 'success', {
          amount: isolateLtr(formatShekels(values.amount, lang)),
          name: isolateUserText(guest?.fullName ?? ''),
        });
        reset(emptyGiftForm(getValues('method')));
        setGuest(null);
        guestInput.current?.focus();
      },
      onError: handleError,
    });
  });

  return (
    <Card component="section" aria-labelledby="gift-entry-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="gift-entry">
      <Typography variant="h2" id="gift-entry-title" sx={{ mb: 0.5 }}>
        {t('giftLedger.form.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('giftLedger.form.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Controller
          control={control}
          name="guestId"
          render={({ fieldState }) => (
            <GuestSearchField
              eventId={eventId}
              value={guest}
              onChange={(next) => {
                setGuest(next);
                setValue('guestId', next?.id ?? '', { shouldValidate: formState.isSubmitted });
                if (next) setFocus('amount');
              }}
              sideLabels={sideLabels}
              lang={lang}
              error={translateMessage(t, fieldState.error?.message)}
              inputRef={guestInput}
            />
          )}
        />
        <FormTextField
          control={fieldControl}
          name="amount"
          label={t('giftLedger.form.amount')}
          required
          margin="none"
          autoComplete="off"
          helperText={typedAgorot !== undefined ? t('giftLedger.form.amountIs', { amount: isolateLtr(formatShekels(typedAgorot, lang)) }) : t('giftLedger.form.amountHint')}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">₪</InputAdornment> },
            htmlInput: { dir: 'ltr', inputMode: 'decimal', maxLength: 20, 'data-testid': 'gift-amount', style: { fontSize: '1.25rem', fontWeight: 600 } },
          }}
        />
        <Controller control={control} name="method" render={({ field }) => <MethodChips value={field.value} onChange={field.onChange} />} />
        <FormTextField
          control={fieldControl}
          name="note"
          label={t('giftLedger.form.note')}
          margin="none"
          autoComplete="off"
          slotProps={{ htmlInput: { dir: 'auto', maxLength: GIFT_NOTE_MAX_LENGTH + 20, 'data-testid': 'gift-note' } }}
        />
        <FormErrorAlert error={formError} />
        <Button type="submit" variant="contained" size="large" startIcon={<AddIcon />} loading={add.isPending} data-testid="gift-save" sx={{ alignSelf: { sm: 'flex-start' } }}>
          {t('giftLedger.form.save')}
        </Button>
      </Box>
    </Card>
  );
}

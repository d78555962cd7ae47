import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { giftRegistrationSchema, ISRAELI_BANKS, isLang, type GiftRegistration, type GiftRegistrationInput } from '@magiim/shared';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useServerErrors } from '../../../components/use-server-errors';
import { useRegisterGiftAccount } from '../api';

const FIELDS: readonly Path<GiftRegistrationInput>[] = [
  'fullName',
  'phone',
  'email',
  'idNumber',
  'bankAccount.bank',
  'bankAccount.branch',
  'bankAccount.account',
];
const EMPTY: GiftRegistrationInput = { fullName: '', phone: '', email: '', idNumber: '', bankAccount: { bank: '', branch: '', account: '' } };
const digits = (maxLength: number, testId: string) => ({ htmlInput: { inputMode: 'numeric' as const, dir: 'ltr', maxLength, 'data-testid': testId } });

/** The owner's details for the card provider; the payout goes to the bank account. */
export function GiftRegistrationForm({ eventId, defaults }: { eventId: string; defaults?: Partial<GiftRegistrationInput> }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'he';
  const register = useRegisterGiftAccount(eventId);
  const { control, handleSubmit, setError } = useForm<GiftRegistrationInput, unknown, GiftRegistration>({
    resolver: zodResolver(giftRegistrationSchema),
    defaultValues: { ...EMPTY, ...defaults },
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);
  const onSubmit = handleSubmit((values) => {
    clearFormError();
    register.mutate(values, { onError: handleError });
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="gift-form" aria-labelledby="gift-form-title">
      <Typography variant="h2" id="gift-form-title" gutterBottom>
        {t('gifts.form.title')}
      </Typography>
      <Typography color="text.secondary">{t('gifts.form.intro')}</Typography>
      <FormErrorAlert error={formError} />
      <FormTextField control={control} name="fullName" label={t('gifts.form.fullName')} required autoComplete="name" slotProps={{ htmlInput: { 'data-testid': 'gift-full-name' } }} />
      <FormTextField
        control={control}
        name="phone"
        type="tel"
        label={t('gifts.form.phone')}
        required
        autoComplete="tel"
        slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'gift-phone' } }}
      />
      <FormTextField control={control} name="email" type="email" label={t('gifts.form.email')} required autoComplete="email" slotProps={{ htmlInput: { 'data-testid': 'gift-email' } }} />
      <FormTextField
        control={control}
        name="idNumber"
        label={t('gifts.form.idNumber')}
        helperText={t('gifts.form.idNumberHelp')}
        required
        slotProps={digits(11, 'gift-id-number')}
      />
      <Typography variant="h3" sx={{ mt: 3 }}>
        {t('gifts.form.bankTitle')}
      </Typography>
      {/* The bank by its name, its Bank of Israel code beside (issue 28: nobody knows the code by heart). */}
      <FormTextField
        control={control}
        name="bankAccount.bank"
        select
        label={t('gifts.form.bank')}
        helperText={t('gifts.form.bankHelp')}
        required
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'gift-bank' } }}
      >
        <option value="">{t('gifts.form.bankChoose')}</option>
        {ISRAELI_BANKS.map((bank) => (
          <option key={bank.code} value={bank.code}>
            {`${bank.names[lang]} (${bank.code})`}
          </option>
        ))}
      </FormTextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <FormTextField control={control} name="bankAccount.branch" label={t('gifts.form.branch')} helperText={t('gifts.form.branchHelp')} required slotProps={digits(3, 'gift-branch')} />
        <FormTextField control={control} name="bankAccount.account" label={t('gifts.form.account')} helperText={t('gifts.form.accountHelp')} required slotProps={digits(11, 'gift-account')} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('gifts.form.privacy')}
      </Typography>
      <Button type="submit" variant="contained" loading={register.isPending} sx={{ mt: 2 }} data-testid="gift-submit">
        {t('gifts.form.submit')}
      </Button>
    </form>
  );
}

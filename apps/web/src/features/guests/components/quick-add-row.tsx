import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { zodResolver } from '@hookform/resolvers/zod';
import { guestInputSchema, INVITES_PER_INVITEE_MAX, INVITES_PER_INVITEE_MIN, type GroupDto } from '@magiim/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../app/api-error';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useServerErrors } from '../../../components/use-server-errors';
import { useCreateGuest } from '../api';

const FIELDS = ['fullName', 'phoneNumber', 'countOfInvites'] as const;
type Values = z.input<typeof guestInputSchema>;

/**
 * Adding by hand at typing speed: Enter adds the guest, the row empties and the cursor is back in the name,
 * the count and group stay as they were for the next guest of the same family.
 */
export const QuickAddRow = memo(function QuickAddRow({ eventId, groups }: { eventId: string; groups: GroupDto[] }) {
  const { t } = useTranslation();
  const create = useCreateGuest(eventId);
  const { control, handleSubmit, setError, reset, getValues, setFocus } = useForm<Values, unknown, z.output<typeof guestInputSchema>>({
    resolver: zodResolver(guestInputSchema),
    defaultValues: { fullName: '', phoneNumber: '', countOfInvites: 1, groupId: null },
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    create.mutate(values, {
      onSuccess: () => {
        const { countOfInvites, groupId } = getValues();
        reset({ fullName: '', phoneNumber: '', countOfInvites, groupId });
        // after the reset has rendered, or the focus lands on the old input state
        setTimeout(() => setFocus('fullName'), 0);
      },
      onError: (error) => {
        if (isApiError(error) && (error.code === 'PHONE_EXISTS' || error.code === 'DUPLICATE_PHONE' || error.code === 'INVALID_PHONE')) {
          setError('phoneNumber', { type: 'server', message: `errors.${error.code}` }, { shouldFocus: true });
        } else handleError(error);
      },
    });
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label={t('guests.quickAdd.title')} data-testid="quick-add">
      <Box sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1.5fr 0.8fr 1.2fr auto' } }}>
        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          <FormTextField
            control={control}
            name="fullName"
            label={t('guests.columns.fullName')}
            size="small"
            margin="none"
            autoComplete="off"
          />
        </Box>
        <FormTextField
          control={control}
          name="phoneNumber"
          label={t('guests.columns.phoneNumber')}
          size="small"
          margin="none"
          type="tel"
          autoComplete="off"
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
        />
        <FormTextField
          control={control}
          name="countOfInvites"
          label={t('guests.columns.countOfInvites')}
          size="small"
          margin="none"
          type="number"
          slotProps={{ htmlInput: { min: INVITES_PER_INVITEE_MIN, max: INVITES_PER_INVITEE_MAX, inputMode: 'numeric' } }}
        />
        <Controller
          control={control}
          name="groupId"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t('guests.columns.group')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value || null)}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            >
              <MenuItem value="">{t('guests.groups.none')}</MenuItem>
              {groups.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  {group.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" startIcon={<AddIcon />} loading={create.isPending} sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minHeight: 40 }}>
          {t('guests.quickAdd.add')}
        </Button>
      </Box>
      <FormErrorAlert error={formError} />
    </Box>
  );
});

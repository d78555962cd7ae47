import { memo, useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { zodResolver } from '@hookform/resolvers/zod';
import { GROUP_NAME_MAX_LENGTH, guestInputSchema, INVITES_PER_INVITEE_MAX, INVITES_PER_INVITEE_MIN, type GroupDto } from '@magiim/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../app/api-error';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useServerErrors } from '../../../components/use-server-errors';
import { useCreateGuest } from '../api';
import { SideSelect } from './side-select';
import { UserText } from '../../../design/bidi';

const FIELDS = ['fullName', 'phoneNumber', 'countOfInvites'] as const;
type Values = z.input<typeof guestInputSchema>;

const foldGroupName = (name: string) => name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Adding by hand at typing speed: Enter adds the guest, the row empties (the count back to 1) and the cursor
 * is back in the name; the group stays for the next guest of the same family. A group name the event does
 * not have yet is created with the guest, in the same step on the server.
 */
export const QuickAddRow = memo(function QuickAddRow({ eventId, groups }: { eventId: string; groups: GroupDto[] }) {
  const { t } = useTranslation();
  const create = useCreateGuest(eventId);
  const { control, handleSubmit, setError, reset, setFocus } = useForm<Values, unknown, z.output<typeof guestInputSchema>>({
    resolver: zodResolver(guestInputSchema),
    defaultValues: { fullName: '', phoneNumber: '', countOfInvites: 1, groupId: null, side: null },
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);
  const [groupText, setGroupText] = useState('');
  // Counts the guests added here; after each, once the emptied row has rendered (its fields registered
  // again), the cursor goes back to the name.
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (added > 0) setFocus('fullName');
  }, [added, setFocus]);
  const typedGroup = groupText.replace(/\s+/g, ' ').trim();
  const existingGroup = typedGroup ? groups.find((group) => foldGroupName(group.name) === foldGroupName(typedGroup)) : undefined;
  const newGroup = typedGroup !== '' && !existingGroup;
  const groupTooLong = typedGroup.length > GROUP_NAME_MAX_LENGTH;

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    if (groupTooLong) return;
    const group = existingGroup ? { groupId: existingGroup.id } : newGroup ? { groupId: null, groupName: typedGroup } : { groupId: null };
    create.mutate({ ...values, ...group }, {
      onSuccess: () => {
        // The side stays, like the group: the next guest is often of the same side.
        reset({ fullName: '', phoneNumber: '', countOfInvites: 1, groupId: null, side: values.side });
        setAdded((count) => count + 1);
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
      <Box sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1.5fr 0.8fr 1.2fr 1fr auto' } }}>
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
        <Autocomplete
          freeSolo
          options={groups.map((group) => group.name)}
          inputValue={groupText}
          onInputChange={(_event, value) => setGroupText(value)}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <UserText>{option}</UserText>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('guests.columns.group')}
              placeholder={t('guests.groups.none')}
              error={groupTooLong}
              helperText={groupTooLong ? t('validation.maxChars', { num: GROUP_NAME_MAX_LENGTH }) : newGroup ? t('guests.quickAdd.newGroup') : undefined}
              slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'quick-add-group', dir: 'auto' } }}
            />
          )}
        />
        <Controller
          control={control}
          name="side"
          render={({ field }) => (
            <SideSelect eventId={eventId} size="small" margin="none" value={field.value} onChange={field.onChange} testId="quick-add-side" sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }} />
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

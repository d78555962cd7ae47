import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhone,
  GUEST_COMMENTS_MAX_LENGTH,
  guestInputSchema,
  INVITES_PER_INVITEE_MAX,
  INVITES_PER_INVITEE_MIN,
  type EventDto,
  type GroupDto,
  type GuestDto,
  type GuestEdit,
} from '@magiim/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../app/api-error';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useServerErrors } from '../../../components/use-server-errors';
import { SideSelect } from './side-select';
import { UnsavedChangesPrompt } from './unsaved-changes-prompt';
import { UserText } from '../../../design/bidi';

const FIELDS = ['fullName', 'phoneNumber', 'countOfInvites', 'lang', 'comments'] as const;
type Values = z.input<typeof guestInputSchema>;
type Parsed = z.output<typeof guestInputSchema>;

/** Only what the host changed goes to the server (an edit must change something). */
export const changedFields = (guest: GuestDto, values: Parsed): GuestEdit => {
  const changes: GuestEdit = {};
  if (values.fullName !== guest.fullName) changes.fullName = values.fullName;
  if (values.phoneNumber !== guest.phoneNumber) changes.phoneNumber = values.phoneNumber;
  if (values.countOfInvites !== guest.countOfInvites) changes.countOfInvites = values.countOfInvites;
  if (values.groupId !== guest.groupId) changes.groupId = values.groupId;
  if (values.lang && values.lang !== guest.lang) changes.lang = values.lang;
  if (values.askTransport !== guest.askTransport) changes.askTransport = values.askTransport;
  if (values.askMeals !== guest.askMeals) changes.askMeals = values.askMeals;
  if (values.comments !== guest.comments) changes.comments = values.comments;
  if (values.side !== guest.side) changes.side = values.side;
  return changes;
};

interface GuestFormProps {
  event: EventDto;
  guest: GuestDto;
  groups: GroupDto[];
  saving: boolean;
  saved: boolean;
  error: unknown;
  onSave: (changes: GuestEdit, handleError: (error: unknown) => void) => void;
  onCancel: () => void;
}

export function GuestForm({ event, guest, groups, saving, saved, error, onSave, onCancel }: GuestFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError, formState } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(guestInputSchema),
    defaultValues: {
      fullName: guest.fullName,
      phoneNumber: formatPhone(guest.phoneNumber),
      countOfInvites: guest.countOfInvites,
      groupId: guest.groupId,
      lang: guest.lang,
      askTransport: guest.askTransport,
      askMeals: guest.askMeals,
      comments: guest.comments,
      side: guest.side,
    },
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);
  const nothingChanged = isApiError(error) && error.code === 'NOTHING_CHANGED';

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    onSave(changedFields(guest, values), (failure) => {
      if (isApiError(failure) && ['PHONE_EXISTS', 'INVALID_PHONE'].includes(failure.code)) {
        setError('phoneNumber', { type: 'server', message: `errors.${failure.code}` }, { shouldFocus: true });
      } else if (isApiError(failure) && failure.code === 'INVITEES_BELOW_RESPONDERS') {
        setError('countOfInvites', { type: 'server', message: `errors.${failure.code}` }, { shouldFocus: true });
      } else if (!(isApiError(failure) && failure.code === 'NOTHING_CHANGED')) handleError(failure);
    });
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid="guest-form">
      <UnsavedChangesPrompt dirty={formState.isDirty && !saving} />
      {saved ? <Alert severity="success">{t('guests.edit.saved')}</Alert> : null}
      {nothingChanged ? <Alert severity="info">{t('guests.edit.nothingChanged')}</Alert> : null}
      <FormErrorAlert error={formError} />
      <FormTextField control={control} name="fullName" label={t('guests.columns.fullName')} required />
      <FormTextField
        control={control}
        name="phoneNumber"
        label={t('guests.columns.phoneNumber')}
        type="tel"
        required
        helperText={t('guests.edit.phoneHint')}
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="countOfInvites"
          label={t('guests.columns.countOfInvites')}
          type="number"
          slotProps={{ htmlInput: { min: INVITES_PER_INVITEE_MIN, max: INVITES_PER_INVITEE_MAX, inputMode: 'numeric' } }}
        />
        <Controller
          control={control}
          name="groupId"
          render={({ field }) => (
            <TextField select fullWidth margin="normal" label={t('guests.columns.group')} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value || null)}>
              <MenuItem value="">{t('guests.groups.none')}</MenuItem>
              {groups.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  <UserText>{group.name}</UserText>
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="lang"
          render={({ field }) => (
            <TextField select fullWidth margin="normal" label={t('guests.columns.lang')} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)}>
              {event.langs.map((lang) => (
                <MenuItem key={lang} value={lang}>
                  {t(`language.names.${lang}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      <Controller
        control={control}
        name="side"
        render={({ field }) => <SideSelect eventId={event.id} margin="normal" value={field.value} onChange={field.onChange} testId="guest-side" />}
      />
      {event.meals.ask === 'some_guests' ? (
        <Controller
          control={control}
          name="askMeals"
          render={({ field }) => (
            <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />} label={t('guests.edit.askMeals')} />
          )}
        />
      ) : null}
      {event.transport.ask === 'some_guests' ? (
        <Controller
          control={control}
          name="askTransport"
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
              label={t('guests.edit.askTransport')}
            />
          )}
        />
      ) : null}
      <FormTextField control={control} name="comments" label={t('guests.columns.comments')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: GUEST_COMMENTS_MAX_LENGTH } }} />
      <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 2 }}>
        <Button onClick={onCancel}>{t('guests.actions.back')}</Button>
        <Button type="submit" variant="contained" loading={saving}>
          {t('guests.actions.save')}
        </Button>
      </Stack>
    </Box>
  );
}

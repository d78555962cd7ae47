import { useEffect } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH, supportContactSchema } from '@magiim/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { showToast } from '../../../components/toast-store';
import { useServerErrors } from '../../../components/use-server-errors';
import { UserText } from '../../../design/bidi';
import { useEvents } from '../../events/api';
import { eventNameIn } from '../../events/format-event';
import { useSendContactMessage } from '../api';

const FIELDS = ['subject', 'message', 'eventId'] as const;
type Input = z.input<typeof supportContactSchema>;
const EMPTY: Input = { subject: '', message: '', eventId: undefined };

/** Subject, message and the event it concerns (one of the host's own); sent to support by e-mail. */
export function ContactForm({ defaultEventId }: { defaultEventId?: string }) {
  const { t, i18n } = useTranslation();
  const { data: events } = useEvents();
  const send = useSendContactMessage();
  const { control, handleSubmit, setError, reset, setValue, getValues } = useForm<Input, unknown, z.output<typeof supportContactSchema>>({
    resolver: zodResolver(supportContactSchema),
    defaultValues: EMPTY,
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);

  // Preselect the event the host came from, once their events are known to include it.
  useEffect(() => {
    if (defaultEventId && !getValues('eventId') && events?.some((event) => event.id === defaultEventId)) setValue('eventId', defaultEventId);
  }, [defaultEventId, events, getValues, setValue]);

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    send.mutate(values, {
      onSuccess: () => {
        showToast('support.contact.sent', 'success');
        reset(EMPTY);
      },
      onError: handleError,
    });
  });

  const lang = i18n.resolvedLanguage ?? 'he';
  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-form">
      <FormErrorAlert error={formError} />
      <FormTextField
        control={control}
        name="subject"
        label={t('support.contact.subject')}
        required
        slotProps={{ htmlInput: { maxLength: SUPPORT_SUBJECT_MAX_LENGTH, 'data-testid': 'contact-subject' } }}
      />
      <FormTextField
        control={control}
        name="message"
        label={t('support.contact.message')}
        required
        multiline
        minRows={5}
        slotProps={{ htmlInput: { maxLength: SUPPORT_MESSAGE_MAX_LENGTH, 'data-testid': 'contact-message' } }}
      />
      <Controller
        control={control}
        name="eventId"
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            margin="normal"
            label={t('support.contact.event')}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value || undefined)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'contact-event' } as object }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('support.contact.noEvent')}</MenuItem>
            {(events ?? []).map((event) => (
              <MenuItem key={event.id} value={event.id}>
                <UserText>{eventNameIn(event, lang)}</UserText>
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Button type="submit" variant="contained" loading={send.isPending} sx={{ mt: 2 }} data-testid="contact-submit">
        {t('support.contact.submit')}
      </Button>
    </form>
  );
}

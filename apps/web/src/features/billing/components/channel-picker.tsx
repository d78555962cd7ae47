import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { MessageChannel, type EventDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useSetMessageSystem } from '../api';

/** How invitations go out: the event's own preference, saved as soon as it changes. */
export function ChannelPicker({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  const save = useSetMessageSystem(event.id);
  // Shown at once; a refused save puts the event's own value back.
  const [value, setValue] = useState<MessageChannel>(event.messageSystemPreference);
  const choose = (next: MessageChannel) => {
    setValue(next);
    save.mutate(next, { onError: () => setValue(event.messageSystemPreference) });
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="channel-picker">
      <Typography component="legend" variant="h3" sx={{ mb: 0.5, p: 0 }}>
        {t('billing.order.channelLabel')}
      </Typography>
      <RadioGroup
        value={String(value)}
        onChange={(_, next) => choose(Number(next) === MessageChannel.SMS ? MessageChannel.SMS : MessageChannel.WHATSAPP)}
        name="messageSystem"
      >
        <FormControlLabel value={String(MessageChannel.WHATSAPP)} control={<Radio />} label={t('billing.order.channelWhatsapp')} />
        <FormControlLabel value={String(MessageChannel.SMS)} control={<Radio />} label={t('billing.order.channelSms')} />
      </RadioGroup>
      <Box role="status" aria-live="polite" sx={{ minHeight: 0 }}>
        {save.isSuccess ? (
          <Typography variant="body2" sx={{ color: 'success.main' }}>
            {t('billing.order.channelSaved')}
          </Typography>
        ) : null}
      </Box>
      <FormErrorAlert error={save.error} />
    </Box>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import { copyLink } from '../copy-text';
import { whatsAppShareUrl } from '../share-links';

interface LinkActionsProps {
  url: string;
  /** The message sent with the link on WhatsApp. */
  message: string;
  /** The guest's phone (E.164): WhatsApp opens their chat; without it WhatsApp asks whom to send to. */
  phone?: string | null;
  whatsAppLabel: string;
  onRotate: () => void;
  rotating?: boolean;
  /** From md up, the link and the buttons on one line (a wide card). */
  inline?: boolean;
  'data-testid'?: string;
}

/** A link the host shares: shown whole (left to right), copy, send on WhatsApp, and a new link. */
export function LinkActions({ url, message, phone, whatsAppLabel, onRotate, rotating = false, inline = false, ...rest }: LinkActionsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={inline ? { xs: 'column', md: 'row' } : 'column'} spacing={2} alignItems={inline ? { md: 'center' } : undefined} data-testid={rest['data-testid']}>
      <TextField
        label={t('invitations.links.urlLabel')}
        value={url}
        fullWidth
        size={inline ? 'small' : 'medium'}
        sx={inline ? { flex: { md: 1 }, minWidth: 0 } : undefined}
        slotProps={{
          htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'invite-url', onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select() },
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ flexShrink: 0 }}>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copyLink(url)} data-testid="copy-link">
          {t('invitations.links.copy')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<WhatsAppIcon />}
          href={whatsAppShareUrl(message, phone)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="whatsapp-link"
        >
          {whatsAppLabel}
        </Button>
        <Button startIcon={<AutorenewIcon />} onClick={onRotate} loading={rotating} loadingPosition="start" data-testid="rotate-link">
          {t('invitations.links.rotate')}
        </Button>
      </Stack>
    </Stack>
  );
}

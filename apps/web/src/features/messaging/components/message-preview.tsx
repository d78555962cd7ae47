import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { directionOf, type Lang } from '@magiim/shared';
import { Fragment, useState } from 'react';
import { Ltr } from '../../../design/bidi';
import { linkParts } from '../link-parts';
import { useTranslation } from 'react-i18next';
import { OPT_OUT_LINES } from '@magiim/shared';

type Channel = 'whatsapp' | 'sms';

/** A phone frame with the message as the guest gets it: a WhatsApp bubble, or an SMS ending with the opt-out line. */
export function MessagePreview({ text, lang, caption }: { text: string; lang: Lang; caption: string }) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<Channel>('whatsapp');
  const whatsapp = channel === 'whatsapp';
  return (
    <Box data-testid="message-preview">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('messaging.templates.preview')}
      </Typography>
      <ToggleButtonGroup size="small" exclusive value={channel} onChange={(_, next: Channel | null) => next && setChannel(next)} aria-label={t('messaging.templates.preview')} sx={{ mb: 1.5 }}>
        <ToggleButton value="whatsapp">{t('messaging.channels.3')}</ToggleButton>
        <ToggleButton value="sms">{t('messaging.channels.1')}</ToggleButton>
      </ToggleButtonGroup>
      <Paper
        variant="outlined"
        sx={{
          maxWidth: 320,
          minHeight: { xs: 220, md: 360 },
          mx: 'auto',
          borderRadius: 6,
          borderWidth: 8,
          borderColor: 'grey.800',
          p: 1.5,
          bgcolor: whatsapp ? '#efeae2' : 'grey.50',
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', mb: 1 }}>
          {caption}
        </Typography>
        <Box
          lang={lang}
          dir={directionOf(lang)}
          sx={{
            alignSelf: 'flex-start',
            maxWidth: '90%',
            px: 1.5,
            py: 1,
            borderRadius: 2,
            bgcolor: whatsapp ? '#ffffff' : 'grey.200',
            color: 'text.primary',
            boxShadow: whatsapp ? 1 : 0,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontSize: 14,
            textAlign: 'start',
          }}
          data-testid="preview-bubble"
        >
          {/* Links isolated: in Hebrew or Arabic "…/http://host/invite" would otherwise read from its end. */}
          {linkParts(whatsapp ? text : `${text}\n${OPT_OUT_LINES[lang]}`).map((part, index) =>
            part.link ? (
              <Ltr key={index}>
                {part.text}
              </Ltr>
            ) : (
              <Fragment key={index}>{part.text}</Fragment>
            ),
          )}
        </Box>
      </Paper>
    </Box>
  );
}

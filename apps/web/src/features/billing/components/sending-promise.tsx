import Typography, { type TypographyProps } from '@mui/material/Typography';
import { isLang, SENDING_PROMISE } from '@magiim/shared';
import { useTranslation } from 'react-i18next';

/** Issue 26 §7: the one promise about when invitations go out, the same words on every checkout step and the receipt e-mail. */
export function SendingPromise(props: TypographyProps) {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'he';
  return (
    <Typography color="text.secondary" data-testid="sending-promise" {...props}>
      {SENDING_PROMISE[lang]}
    </Typography>
  );
}

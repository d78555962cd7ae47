import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import StopIcon from '@mui/icons-material/StopRounded';
import { CALL_KEYS, directionOf, type CallPart, type Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr, UserText } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { colors } from '../../../design/tokens';
import { useCallPreview } from './call-script-player';

interface PreviewCardProps {
  lang: Lang;
  /** What the sample guest hears, in order, placeholders filled. */
  sequence: { part: CallPart; text: string }[];
  guestName: string;
  countOfInvites: number;
  /** True when the sample is the first guest on the list (else a sample name). */
  realGuest: boolean;
}

/** "Hear the call": the whole call as one guest hears it, played by the server's voice, with its text. */
export function CallScriptPreviewCard({ lang, sequence, guestName, countOfInvites, realGuest }: PreviewCardProps) {
  const { t } = useTranslation();
  const ti = useIsolatedT();
  const preview = useCallPreview();
  const whole = preview.id === `whole-${lang}`;
  const playingWhole = whole && preview.status === 'playing';
  const listen = () =>
    whole ? preview.stop() : preview.play({ id: `whole-${lang}`, lang, items: sequence.map((item) => ({ key: item.part, text: item.text })) });

  return (
    <Card data-testid="call-preview" sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <CampaignIcon color="primary" aria-hidden />
          {t('callScript.preview.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="call-preview-for">
          {realGuest
            ? ti('callScript.preview.for', { name: guestName, count: countOfInvites })
            : ti('callScript.preview.forSample', { name: guestName, count: countOfInvites })}
        </Typography>
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={listen}
          disabled={sequence.length === 0}
          loading={whole && preview.status === 'loading'}
          loadingPosition="start"
          startIcon={playingWhole ? <StopIcon /> : <CampaignIcon />}
          data-testid="listen-whole"
        >
          {playingWhole ? t('callScript.preview.stop') : t('callScript.preview.listenAll')}
        </Button>
        <Typography variant="caption" component="p" color="text.secondary" role="status" sx={{ minHeight: '1.5em', mt: 0.75, textAlign: 'center' }} data-testid="call-preview-status">
          {preview.status === 'loading'
            ? t('callScript.preview.loading')
            : preview.status === 'playing' && preview.itemKey
              ? t('callScript.preview.playing', { part: t(`callScript.parts.${preview.itemKey}.label`) })
              : ''}
        </Typography>
        <Typography variant="h3" component="h3" sx={{ mt: 1, mb: 1 }}>
          {t('callScript.preview.transcript')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="call-transcript">
          {sequence.map((item) => {
            const active = preview.status === 'playing' && preview.itemKey === item.part && (preview.id === item.part || whole);
            return (
              <Box
                component="li"
                key={item.part}
                data-part={item.part}
                data-active={active}
                sx={{
                  borderRadius: 2,
                  px: 1.5,
                  py: 1,
                  bgcolor: active ? colors.primarySoft : 'background.default',
                  border: 1,
                  borderColor: active ? 'primary.main' : 'divider',
                  boxShadow: active ? (theme) => `inset 4px 0 0 ${theme.palette.primary.main}` : 'none',
                  transition: 'background-color 200ms',
                }}
              >
                <Typography variant="caption" component="p" sx={{ fontWeight: 600, color: active ? 'primary.dark' : 'text.secondary' }}>
                  {t(`callScript.parts.${item.part}.label`)}
                </Typography>
                <Typography
                  variant="body2"
                  component="p"
                  lang={lang}
                  dir={directionOf(lang)}
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', textAlign: 'start', color: 'text.primary' }}
                >
                  <UserText lang={lang}>{item.text}</UserText>
                </Typography>
              </Box>
            );
          })}
        </Box>
        <Typography variant="h3" component="h3" sx={{ mt: 2.5, mb: 1 }}>
          {t('callScript.keys.title')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          {(['approved', 'declined', 'maybe', 'repeat'] as const).map((key) => (
            <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box
                aria-hidden
                sx={{ flex: 'none', width: 28, height: 28, borderRadius: 1.5, border: 1, borderColor: 'divider', display: 'grid', placeItems: 'center', fontWeight: 700, bgcolor: 'background.paper' }}
              >
                <Ltr>{CALL_KEYS[key]}</Ltr>
              </Box>
              <Typography variant="body2">{t(`callScript.keys.${key}`, { key: CALL_KEYS[key] })}</Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { PageHeading } from '../../../components/page-heading';
import { colors } from '../../../design/tokens';
import { useEventById } from '../../events/api';
import { usePreviewLinks } from '../api';
import { pickPreviewLang } from '../preview-lang';
import { withLang } from '../share-links';
import { BackIcon } from '../../../design/direction-icons';

export type PreviewKind = 'invitation' | 'navigate';


/**
 * `/event/:id/invitation` and `/event/:id/navigate` (spec §2, blank layout): the guest's page exactly as guests
 * see it, in each of the event's languages, through a short-lived signed link that counts no view and takes no
 * answer. A slim bar on top; the page below, full width on a phone and in a phone-sized frame on a desktop.
 */
export function InvitationPreviewPage({ kind }: { kind: PreviewKind }) {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const eventQuery = useEventById(id);
  const links = usePreviewLinks(id);
  const tabsId = useId();
  const event = eventQuery.data;

  const notFound = [eventQuery.error, links.error].some((error) => isApiError(error) && (error.status === 404 || error.status === 400));
  if (notFound) return <Navigate to="/error-404" replace />;

  const lang: Lang | null = event ? pickPreviewLang(params.get('lang'), i18n.language, event) : null;
  const languageName = (code: Lang) => t(`language.names.${code}`);
  const base = links.data ? (kind === 'invitation' ? links.data.invitationUrl : links.data.navigateUrl) : null;
  const src = base && lang ? withLang(base, lang) : null;
  const title = t(kind === 'invitation' ? 'invitations.preview.invitationTitle' : 'invitations.preview.navigateTitle');
  const other: PreviewKind = kind === 'invitation' ? 'navigate' : 'invitation';
  const otherHref = `/event/${id}/${other}${lang ? `?lang=${lang}` : ''}`;
  const showTabs = Boolean(event && event.langs.length > 1);
  const backTo = `/event/${id}/statistics`;

  const failed = eventQuery.isError || links.isError;
  const frame = failed ? (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" onClick={() => void Promise.all([eventQuery.refetch(), links.refetch()])}>
          {t('invitations.retry')}
        </Button>
      }
    >
      {t('invitations.preview.loadError')}
    </Alert>
  ) : src && lang ? (
    <iframe
      src={src}
      title={t(kind === 'invitation' ? 'invitations.preview.frameInvitation' : 'invitations.preview.frameNavigate', { language: languageName(lang) })}
      style={{ display: 'block', width: '100%', height: '100%', border: 0, background: colors.paper }}
      data-testid="preview-frame"
    />
  ) : (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }} role="status" aria-label={t('invitations.preview.loading')}>
      <CircularProgress />
    </Box>
  );

  return (
    <Box sx={{ height: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 2 }, pt: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1 }}>
          <Button component={RouterLink} to={backTo} startIcon={<BackIcon />} sx={{ display: { xs: 'none', sm: 'inline-flex' } }} data-testid="preview-back">
            {t('invitations.preview.back')}
          </Button>
          <IconButton component={RouterLink} to={backTo} aria-label={t('invitations.preview.back')} title={t('invitations.preview.back')} sx={{ display: { xs: 'inline-flex', sm: 'none' }, width: 44, height: 44 }}>
            <BackIcon />
          </IconButton>
          {/* wraps on a phone rather than cutting the title short */}
          <PageHeading variant="h3" gutterBottom={false} sx={{ flexGrow: 1, minWidth: 0, fontSize: '1.05rem', lineHeight: 1.25, px: { sm: 1 } }}>
            {title}
          </PageHeading>
          <Button component={RouterLink} to={otherHref} sx={{ flexShrink: 0, px: { xs: 1, sm: 2.5 } }} data-testid="preview-other">
            {t(other === 'invitation' ? 'invitations.preview.toInvitation' : 'invitations.preview.toNavigate')}
          </Button>
          {src ? (
            <IconButton component="a" href={src} target="_blank" rel="noopener noreferrer" title={t('invitations.preview.openNewTab')} aria-label={t('invitations.preview.openNewTab')} sx={{ width: 44, height: 44, flexShrink: 0 }}>
              <OpenInNewIcon fontSize="small" />
            </IconButton>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 3 }}>
          {event && lang && showTabs ? (
            <Tabs
              value={lang}
              onChange={(_e, next: Lang) => setParams({ lang: next }, { replace: true })}
              aria-label={t('invitations.preview.languages')}
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ minHeight: 44, '& .MuiTab-root': { minHeight: 44, py: 1 } }}
            >
              {event.langs.map((code) => (
                <Tab key={code} value={code} label={<span lang={code}>{languageName(code)}</span>} id={`${tabsId}-${code}`} aria-controls={`${tabsId}-panel`} data-testid={`preview-lang-${code}`} />
              ))}
            </Tabs>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, py: 0.75, fontSize: { xs: '0.8125rem', sm: '0.875rem' } }} data-testid="preview-notice">
            <InfoIcon fontSize="small" aria-hidden />
            {t('invitations.preview.notice')}
          </Typography>
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, minHeight: 0, display: 'flex', justifyContent: 'center', p: { xs: 0, md: 3 } }}>
        <Box
          id={`${tabsId}-panel`}
          role={showTabs ? 'tabpanel' : undefined}
          aria-labelledby={showTabs && lang ? `${tabsId}-${lang}` : undefined}
          sx={{
            width: { xs: '100%', md: 390 + 2 * 12 },
            height: { xs: '100%', md: 'min(100%, 868px)' },
            border: { xs: 0, md: `12px solid ${colors.ink}` },
            borderRadius: { xs: 0, md: '44px' },
            overflow: 'hidden',
            bgcolor: 'background.paper',
            boxShadow: { md: '0 24px 48px rgba(42, 36, 51, 0.18)' },
          }}
          data-testid="preview-device"
        >
          {frame}
        </Box>
      </Box>
    </Box>
  );
}

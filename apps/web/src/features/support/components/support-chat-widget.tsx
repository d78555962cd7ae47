import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import { whatsappChatUrl } from '../support-widget-visibility';

/** Room the button takes at the bottom, so the page can always be scrolled out from under it. */
const CLEARANCE = 88;
/** Room at the end side of the page's column on a wide screen: the button (56) with its margin (24) and a gap. */
const END_CLEARANCE = 104;

/**
 * The WhatsApp support button: our own link to wa.me (no third-party script), floating at the bottom-end
 * corner (the right in English, the left in Hebrew and Arabic: the RTL style flips it). The root route
 * mounts it only where it belongs and when the deployment configured a number. The spacer after the page
 * lets its last actions scroll above the button on a phone (and the safe area of a phone with a home bar); on a
 * wide screen the page's column leaves the button's side free.
 */
export function SupportChatWidget({ number, eventId }: { number: string; eventId: string | null }) {
  const { t } = useTranslation();
  const text = eventId ? t('support.widget.prefill', { eventId }) : t('support.widget.prefillGeneral');
  return (
    <>
      <Box aria-hidden="true" sx={{ height: `calc(${CLEARANCE}px + env(safe-area-inset-bottom, 0px))` }} data-testid="support-chat-clearance" />
      {/* On a wide screen the page's column stops short of the button's corner, so no row's end action sits under it. */}
      <GlobalStyles
        styles={(theme) => ({
          [theme.breakpoints.up('md')]: { 'body main.MuiContainer-root': { paddingInlineEnd: END_CLEARANCE } },
        })}
      />
      <Box
        component="a"
        href={whatsappChatUrl(number, text)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('support.widget.label')}
        title={t('support.widget.label')}
        data-testid="support-chat-widget"
        sx={{
          position: 'fixed',
          bottom: { xs: 'calc(16px + env(safe-area-inset-bottom, 0px))', md: 24 },
          right: { xs: 16, md: 24 },
          // Above the page and the top bar, under drawers, dialogs, the tour and toasts.
          zIndex: (theme) => theme.zIndex.speedDial,
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          // WhatsApp's own green, darkened to keep 4.5:1 against the white icon.
          bgcolor: '#0b7a5a',
          color: '#ffffff',
          boxShadow: '0 4px 14px rgba(42, 36, 51, 0.3)',
          transition: 'transform 120ms ease',
          '&:hover': { bgcolor: '#086148', transform: 'scale(1.05)' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 3 },
          '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
          '@media print': { display: 'none' },
          // Under every dialog, drawer, menu and the guide tour: it hides while one is open (issue 28).
          'body:has(.MuiModal-root:not(.MuiModal-hidden), [data-testid="tour-cover"]) &': { display: 'none' },
        }}
      >
        <WhatsAppIcon sx={{ fontSize: 32 }} />
      </Box>
    </>
  );
}

import { useCallback, useEffect, useId, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Portal from '@mui/material/Portal';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { saveGuideTour } from '../api';
import { initialTourState, TOUR_STEPS, tourReducer, type TourAction, type TourAnchor, type TourState } from '../tour-machine';

interface Spot {
  element: HTMLElement;
  rect: { top: number; left: number; width: number; height: number };
  /** Side-menu items get the card beside them; tabs get it below. */
  side: boolean;
}

const SPOT_PADDING = 4;

/** The first element of the anchor that is on screen: the side menu's item on a wide screen, else the tab. */
const findSpot = (anchor: TourAnchor): Spot | null => {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-tour="${anchor}"]`)) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) {
      return {
        element,
        rect: { top: box.top, left: box.left, width: box.width, height: box.height },
        side: element.dataset.tourPlacement === 'side',
      };
    }
  }
  return null;
};

const sameSpot = (a: Spot | null, b: Spot | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.element === b.element &&
    Math.round(a.rect.top) === Math.round(b.rect.top) &&
    Math.round(a.rect.left) === Math.round(b.rect.left) &&
    Math.round(a.rect.width) === Math.round(b.rect.width) &&
    Math.round(a.rect.height) === Math.round(b.rect.height));

/** Follows the anchor's place on screen (the drawer opening, a tab row scrolled, the window resized). */
const useSpot = (anchor: TourAnchor | undefined): Spot | null => {
  const [spot, setSpot] = useState<Spot | null>(null);
  useEffect(() => {
    if (!anchor) {
      setSpot(null);
      return;
    }
    // A tab out of sight in the phone's sideways tab row is scrolled in once.
    findSpot(anchor)?.element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    let frame = 0;
    const follow = () => {
      const next = findSpot(anchor);
      setSpot((current) => (sameSpot(current, next) ? current : next));
      frame = requestAnimationFrame(follow);
    };
    follow();
    return () => cancelAnimationFrame(frame);
  }, [anchor]);
  return spot;
};

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * The dashboard's guide tour (spec §2), on while the user's `guideTour` is: one card per step (title, text, step
 * n of m, Back, Next, Skip) beside a highlighted element. While it runs the page under it is inert and covered,
 * and moving to another screen is blocked, so only the card answers; Esc skips. Finishing or skipping turns it
 * off on the server (`PUT user/guide-tour`).
 */
export function GuideTour() {
  const { t } = useTranslation();
  const theme = useTheme();
  const [state, dispatch] = useReducer((current: TourState, action: TourAction) => tourReducer(current, action), initialTourState);
  const step = TOUR_STEPS[state.index] ?? TOUR_STEPS[0]!;
  const spot = useSpot(step.anchor);
  const spotted = spot !== null;
  const cardRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const last = state.index === TOUR_STEPS.length - 1;
  const running = state.status === 'running';

  // Screens do not change under the tour (the back button included); the card's own buttons do not navigate.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => running && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!running) void saveGuideTour(false);
  }, [running]);

  // Everything but the card is inert: no click, focus or screen-reader stop reaches the page under it.
  useEffect(() => {
    if (!running) return;
    const root = document.getElementById('root');
    if (!root) return;
    root.setAttribute('inert', '');
    root.setAttribute('aria-hidden', 'true');
    return () => {
      root.removeAttribute('inert');
      root.removeAttribute('aria-hidden');
    };
  }, [running]);

  // Each step brings the focus to its main button (Next, or Finish on the last step).
  useEffect(() => {
    if (!running) return;
    const frame = requestAnimationFrame(() => primaryRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [running, state.index, spotted]);

  useEffect(() => {
    if (!running) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      dispatch({ type: 'skip' });
    };
    // Focus that lands outside the card (a click on the cover) comes back to it.
    const onFocus = (event: FocusEvent) => {
      if (cardRef.current && event.target instanceof Node && !cardRef.current.contains(event.target)) primaryRef.current?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocus);
    };
  }, [running]);

  // Tab and Shift+Tab go round the card's buttons.
  const keepFocusInCard = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !cardRef.current) return;
    const items = [...cardRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const lastItem = items.at(-1)!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !cardRef.current.contains(active))) {
      event.preventDefault();
      lastItem.focus();
    } else if (!event.shiftKey && (active === lastItem || !cardRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  if (!running) return null;

  const rtl = theme.direction === 'rtl';
  const stepText = t('tour.stepOf', { step: state.index + 1, total: TOUR_STEPS.length });
  const layer = theme.zIndex.modal + 1;

  const card = (
    <Paper
      ref={cardRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={keepFocusInCard}
      elevation={8}
      data-testid="tour-card"
      data-step={step.id}
      sx={{ p: 3, width: 'min(360px, calc(100vw - 32px))', borderRadius: 2, border: 2, borderColor: 'primary.main' }}
    >
      <Typography variant="caption" component="p" color="text.secondary" aria-live="polite" data-testid="tour-step-of" sx={{ mb: 0.5 }}>
        {stepText}
      </Typography>
      <Typography id={titleId} variant="h2" component="h2" sx={{ mb: 1 }}>
        {t(`tour.steps.${step.id}.title`)}
      </Typography>
      <Typography id={textId} variant="body1" sx={{ mb: 2 }}>
        {t(`tour.steps.${step.id}.text`)}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center">
        <Button onClick={() => dispatch({ type: 'skip' })} color="inherit" data-testid="tour-skip">
          {t('tour.skip')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {state.index > 0 ? (
          <Button onClick={() => dispatch({ type: 'back' })} variant="outlined" data-testid="tour-back">
            {t('tour.back')}
          </Button>
        ) : null}
        <Button ref={primaryRef} onClick={() => dispatch({ type: 'next' })} variant="contained" data-testid="tour-next">
          {t(last ? 'tour.finish' : 'tour.next')}
        </Button>
      </Stack>
    </Paper>
  );

  return (
    <>
      <Portal>
        {/* The cover: takes every click meant for the page (the card sits above it). */}
        <Box
          data-testid="tour-cover"
          onClick={(event) => event.preventDefault()}
          // A press on the cover keeps the focus in the card (it would fall to the page's body).
          onMouseDown={(event) => event.preventDefault()}
          sx={{ position: 'fixed', inset: 0, zIndex: layer, bgcolor: spot ? 'transparent' : 'rgba(42, 36, 51, 0.55)' }}
        />
        {spot ? (
          <Box
            aria-hidden
            data-testid="tour-spotlight"
            // Measured from the viewport's left edge: an inline style, which the right-to-left styles do not mirror.
            style={{
              top: spot.rect.top - SPOT_PADDING,
              left: spot.rect.left - SPOT_PADDING,
              width: spot.rect.width + 2 * SPOT_PADDING,
              height: spot.rect.height + 2 * SPOT_PADDING,
            }}
            sx={{
              position: 'fixed',
              borderRadius: '10px',
              outline: '3px solid',
              outlineColor: 'primary.main',
              boxShadow: '0 0 0 9999px rgba(42, 36, 51, 0.55)',
              pointerEvents: 'none',
              zIndex: layer,
            }}
          />
        ) : null}
        {spot ? null : (
          <Box sx={{ position: 'fixed', inset: 0, zIndex: layer + 1, display: 'grid', placeItems: 'center', pointerEvents: 'none', '& > *': { pointerEvents: 'auto' } }}>
            {card}
          </Box>
        )}
      </Portal>
      {spot ? (
        <Popper
          open
          anchorEl={spot.element}
          placement={spot.side ? (rtl ? 'left' : 'right') : 'bottom'}
          modifiers={[
            { name: 'offset', options: { offset: [0, 14] } },
            { name: 'preventOverflow', options: { padding: 16 } },
            { name: 'flip', options: { padding: 16 } },
          ]}
          sx={{ zIndex: layer + 1 }}
        >
          {card}
        </Popper>
      ) : null}
    </>
  );
}

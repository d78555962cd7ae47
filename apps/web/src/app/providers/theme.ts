import { createTheme, type Theme } from '@mui/material/styles';
import { colors, fonts, radius, shadows, spacingUnit, typeScale } from '../../design/tokens';

/** The visitor asked their system for less motion (WCAG 2.3.3). */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * With less motion asked for, dialogs, menus and drawers appear and leave at once, buttons show no ripple and
 * placeholders do not pulse; progress spinners keep turning (they say something is happening).
 */
const stillness = {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiSkeleton: { defaultProps: { animation: false } },
  },
} as const;

/**
 * The theme every page uses, built from the design tokens (design/tokens.ts, docs/design.md). The purple is
 * a shade darker than the classic #7367F0 so white button text and purple links meet WCAG AA (4.5:1).
 */
export const createAppTheme = (direction: 'rtl' | 'ltr', lang = 'he', reducedMotion = prefersReducedMotion()): Theme =>
  createTheme({
    direction,
    ...(reducedMotion ? { transitions: stillness.transitions } : {}),
    spacing: spacingUnit,
    palette: {
      mode: 'light',
      primary: { main: colors.primary, dark: colors.primaryDark, light: colors.primaryLight, contrastText: '#FFFFFF' },
      secondary: { main: colors.rose, contrastText: '#FFFFFF' },
      background: { default: colors.canvas, paper: colors.paper },
      text: { primary: colors.ink, secondary: colors.inkSoft },
      divider: colors.line,
      success: { main: colors.success },
      error: { main: colors.error },
      warning: { main: colors.warning, dark: colors.warningText },
    },
    shape: { borderRadius: radius.control },
    typography: {
      fontFamily: lang === 'ar' ? fonts.arabic : fonts.base,
      h1: { ...typeScale.h1, '@media (max-width: 599.95px)': { fontSize: '1.625rem' } },
      h2: typeScale.h2,
      h3: typeScale.h3,
      body1: typeScale.body1,
      body2: typeScale.body2,
      caption: typeScale.caption,
      button: { textTransform: 'none', fontWeight: 600, fontSize: '1rem' },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          // A label never breaks inside a word (an Alert's `overflowWrap: anywhere` would reach it): at worst it wraps at a space.
          root: { borderRadius: radius.control, minHeight: 44, paddingInline: 20, overflowWrap: 'normal', wordBreak: 'normal' },
          sizeLarge: { minHeight: 52 },
        },
      },
      MuiCard: { styleOverrides: { root: { borderRadius: radius.card, boxShadow: shadows.card, border: `1px solid ${colors.line}` } } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: radius.card } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: radius.card } } },
      // The buttons line up with the content's 24 px edge (MUI's 8 px left them hanging at the paper's corner); two
      // long labels on a phone wrap to a second line instead of running past the paper.
      MuiDialogActions: { styleOverrides: { root: { padding: '8px 24px 16px', flexWrap: 'wrap', rowGap: 8 } } },
      MuiAlert: {
        styleOverrides: {
          // An action that does not fit beside the text goes below it, at the end, instead of squeezing to a letter a line.
          root: { borderRadius: radius.control, overflowWrap: 'anywhere', flexWrap: 'wrap' },
          message: { flex: '1 1 12rem', minWidth: 0 },
          action: { flexShrink: 0, marginInlineStart: 'auto', paddingTop: 0, alignItems: 'center' },
        },
      },
      MuiOutlinedInput: { styleOverrides: { root: { borderRadius: radius.control, backgroundColor: colors.paper } } },
      MuiMenuItem: { styleOverrides: { root: { minHeight: 44 } } },
      // Links sit inside text; colour alone would not set them apart (WCAG 1.4.1).
      MuiLink: { defaultProps: { underline: 'always' }, styleOverrides: { root: { fontWeight: 500, textUnderlineOffset: 3 } } },
      ...(reducedMotion ? stillness.components : {}),
    },
  });

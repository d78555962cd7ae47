/**
 * Magiim's design tokens: the one source for colour, type, spacing and radius. The MUI theme
 * (app/providers/theme.ts) is built from these; components read them through the theme, never as literals.
 */
export const colors = {
  /** Primary purple: white text on it and it as text on `canvas` both meet WCAG AA (≥ 4.5:1). */
  primary: '#6457E6',
  primaryDark: '#4E43C0',
  primaryLight: '#8F86F0',
  /** Pale lilac for selected rows and soft panels. */
  primarySoft: '#EEEBFD',
  /** Warm rose: the celebration accent (AA with white text). */
  rose: '#B73E63',
  roseSoft: '#FCE8EE',
  /** Gold: decoration only (illustrations, sparkles), never text. */
  gold: '#E8B64C',
  goldSoft: '#FBF1DA',
  /** Warm ivory page, white cards. */
  canvas: '#FBF8F5',
  paper: '#FFFFFF',
  ink: '#2A2433',
  inkSoft: '#5E5668',
  line: '#E9E3EC',
  success: '#2E7D4F',
  error: '#C0392B',
  /** MUI's warning orange, for icons and fills. */
  warning: '#ED6C02',
  /** Warning as text (`warning.dark`): 5.5:1 on white, 5.2:1 on the canvas (MUI's #E65100 is 3.8:1). */
  warningText: '#B34700',
} as const;

export const fonts = {
  /** Rubik: Hebrew, Latin and Cyrillic in one face; the browser loads only the subsets a page uses. */
  base: '"Rubik Variable", system-ui, "Segoe UI", Roboto, Arial, sans-serif',
  arabic: '"Noto Sans Arabic Variable", "Rubik Variable", system-ui, "Segoe UI", Tahoma, sans-serif',
} as const;

/** Type scale (rem, ratio ≈ 1.25); one h1 per page. */
export const typeScale = {
  display: { fontSize: '2.5rem', lineHeight: 1.15, fontWeight: 700 },
  h1: { fontSize: '1.875rem', lineHeight: 1.25, fontWeight: 700 },
  h2: { fontSize: '1.375rem', lineHeight: 1.3, fontWeight: 600 },
  h3: { fontSize: '1.125rem', lineHeight: 1.4, fontWeight: 600 },
  body1: { fontSize: '1rem', lineHeight: 1.6 },
  body2: { fontSize: '0.875rem', lineHeight: 1.55 },
  caption: { fontSize: '0.75rem', lineHeight: 1.5 },
} as const;

/** Spacing unit in px: theme.spacing(n) = n × 8. Use 1, 2, 3, 4, 6, 8. */
export const spacingUnit = 8;

export const radius = {
  /** Inputs and buttons. */
  control: 10,
  /** Cards, dialogs, panels. */
  card: 16,
  pill: 999,
} as const;

export const shadows = {
  card: '0 1px 2px rgba(42, 36, 51, 0.04), 0 8px 24px rgba(42, 36, 51, 0.06)',
} as const;

import type { CSSProperties } from 'react';
import type { Lang } from '@magiim/shared';
import { colors, fonts, radius, shadows, typeScale } from '../design/tokens';

/**
 * The design tokens (design/tokens.ts) as CSS custom properties on the page's root, so login.css takes every
 * colour, font, size and radius from the one source the SPA's MUI theme is built from.
 */
export const tokenVariables = (lang: Lang): CSSProperties => {
  const variables: Record<string, string> = {
    '--font': lang === 'ar' ? fonts.arabic : fonts.base,
    '--radius-control': `${radius.control}px`,
    '--radius-card': `${radius.card}px`,
    '--shadow-card': shadows.card,
  };
  for (const [name, value] of Object.entries(colors)) variables[`--${name}`] = value;
  for (const [name, style] of Object.entries(typeScale)) {
    variables[`--${name}-size`] = style.fontSize;
    variables[`--${name}-line`] = String(style.lineHeight);
    if ('fontWeight' in style) variables[`--${name}-weight`] = String(style.fontWeight);
  }
  return variables as CSSProperties;
};

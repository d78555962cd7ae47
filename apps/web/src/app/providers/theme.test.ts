import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('createAppTheme and reduced motion', () => {
  it('keeps MUI motion by default', () => {
    const theme = createAppTheme('rtl', 'he', false);
    expect(theme.transitions.create('opacity')).toMatch(/opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
    expect(theme.components?.MuiSkeleton?.defaultProps?.animation).toBeUndefined();
  });

  it('stills transitions, ripples and pulsing placeholders when less motion is asked for, keeping the rest', () => {
    const theme = createAppTheme('ltr', 'en', true);
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(Object.values(theme.transitions.duration)).toEqual(Array(7).fill(0));
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.components?.MuiSkeleton?.defaultProps?.animation).toBe(false);
    expect(theme.components?.MuiButton?.styleOverrides).toBeDefined();
    expect(theme.direction).toBe('ltr');
  });
});

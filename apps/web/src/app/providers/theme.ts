import { createTheme, type Theme } from '@mui/material/styles';

/**
 * Purple primary, light, boxed (spec §2). The purple is a shade darker than the classic #7367F0 so white
 * button text and purple links on the page background meet WCAG AA contrast (4.5:1).
 */
export const createAppTheme = (direction: 'rtl' | 'ltr'): Theme =>
  createTheme({
    direction,
    palette: {
      mode: 'light',
      primary: { main: '#6457E6', dark: '#4E43C0', light: '#8F86F0', contrastText: '#FFFFFF' },
      secondary: { main: '#5D596C', contrastText: '#FFFFFF' },
      background: { default: '#F8F7FA', paper: '#FFFFFF' },
      text: { primary: '#2F2B3D', secondary: '#5D596C' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'system-ui, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Hebrew", "Noto Sans Arabic", sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 600 },
      h2: { fontSize: '1.25rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      // Links sit inside text; colour alone would not set them apart (WCAG 1.4.1).
      MuiLink: { defaultProps: { underline: 'always' } },
    },
  });

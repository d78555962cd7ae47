import Chip, { type ChipProps } from '@mui/material/Chip';

/** Text and background pairs that meet WCAG AA (the guest status chip's tones). */
export const TONES = {
  neutral: { color: '#5E5668', bg: '#FFFFFF', border: '#D8D0DD' },
  info: { color: '#1F5C99', bg: '#E6F0FA', border: '#E6F0FA' },
  success: { color: '#1E6B40', bg: '#E3F4EA', border: '#E3F4EA' },
  error: { color: '#A12F24', bg: '#FBE9E7', border: '#FBE9E7' },
  warning: { color: '#7A5200', bg: '#FDF1D6', border: '#FDF1D6' },
} as const;
export type Tone = keyof typeof TONES;

/** A small chip in one of the AA tones, its icon in the text's colour. */
export function ToneChip({ tone, sx, ...props }: Omit<ChipProps, 'color'> & { tone: Tone }) {
  const look = TONES[tone];
  return (
    <Chip
      size="small"
      variant="outlined"
      {...props}
      sx={{ color: look.color, bgcolor: look.bg, borderColor: look.border, '& .MuiChip-icon': { color: look.color }, ...sx }}
    />
  );
}

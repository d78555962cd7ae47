import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTheme } from '@mui/material/styles';

/**
 * THE one rule for "next" and "back" arrows (wizards, pagers, checkout, the call report): "next" points the way
 * the page reads — right in English and Russian, left in Hebrew and Arabic — and "back" the other way. The glyph is
 * chosen (no CSS mirroring), and `data-points` says where it points, for the browser tests.
 */
type Props = SvgIconProps & { variant?: 'arrow' | 'chevron' };

const ICONS = {
  arrow: { left: ArrowBack, right: ArrowForward },
  chevron: { left: ChevronLeft, right: ChevronRight },
} as const;

function Pointing({ points, variant = 'arrow', ...props }: Props & { points: 'left' | 'right' }) {
  const Icon = ICONS[variant][points];
  return <Icon {...props} data-points={points} />;
}

/** Forward: the next step or page. */
export function NextIcon(props: Props) {
  const rtl = useTheme().direction === 'rtl';
  return <Pointing {...props} points={rtl ? 'left' : 'right'} />;
}

/** Back: the previous step or page. */
export function BackIcon(props: Props) {
  const rtl = useTheme().direction === 'rtl';
  return <Pointing {...props} points={rtl ? 'right' : 'left'} />;
}

/**
 * MUI's TablePagination swaps its icon slots itself in right-to-left (its "previous" button shows the "next" slot),
 * so its slots are physical: a chevron pointing right and one pointing left, each marked.
 */
const RightChevron = (props: SvgIconProps) => <ChevronRight {...props} data-points="right" />;
const LeftChevron = (props: SvgIconProps) => <ChevronLeft {...props} data-points="left" />;
export const paginationActionSlots = { actions: { nextButtonIcon: RightChevron, previousButtonIcon: LeftChevron } };

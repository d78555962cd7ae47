import { colors } from './tokens';

/** The logo mark: two linked rings (two families meeting) and a spark of celebration on a purple tile. */
export function LogoMark({ size = 36, title }: { size?: number; title?: string }) {
  return (
    <svg
      viewBox="0 0 48 48"
      width={size}
      height={size}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
      style={{ flexShrink: 0, display: 'block' }}
    >
      <rect width="48" height="48" rx="13" fill={colors.primary} />
      <circle cx="18" cy="27" r="10.5" fill="none" stroke="#FFFFFF" strokeWidth="3.8" />
      <circle cx="30" cy="27" r="10.5" fill="none" stroke={colors.gold} strokeWidth="3.8" />
      {/* the white ring passes over the gold one at the top: linked, not stacked */}
      <path d="M21.6 17.1a10.5 10.5 0 0 1 6.3 6.3" fill="none" stroke="#FFFFFF" strokeWidth="3.8" strokeLinecap="round" />
      <path d="M38.5 4.5l1.4 3.4 3.4 1.4-3.4 1.4-1.4 3.4-1.4-3.4-3.4-1.4 3.4-1.4z" fill="#FFFFFF" />
    </svg>
  );
}

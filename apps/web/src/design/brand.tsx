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
      <circle cx="19" cy="27" r="8.5" fill="none" stroke="#FFFFFF" strokeWidth="3.2" />
      <circle cx="29" cy="27" r="8.5" fill="none" stroke={colors.gold} strokeWidth="3.2" />
      <path d="M19 18.5a8.5 8.5 0 0 1 6.2 2.7" fill="none" stroke="#FFFFFF" strokeWidth="3.2" strokeLinecap="round" />
      <path d="M36.5 7.5l1.3 3.2 3.2 1.3-3.2 1.3-1.3 3.2-1.3-3.2-3.2-1.3 3.2-1.3z" fill={colors.gold} />
    </svg>
  );
}

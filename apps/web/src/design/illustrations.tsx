import { colors } from './tokens';

/**
 * Inline illustrations, drawn for Magiim: simple shapes in the brand colours, decorative (aria-hidden).
 * They scale to their box; set the width, the height follows.
 */
const Svg = ({ viewBox, children, width }: { viewBox: string; children: React.ReactNode; width?: number | string }) => (
  <svg viewBox={viewBox} width={width ?? '100%'} aria-hidden="true" focusable="false" style={{ display: 'block', maxWidth: '100%', height: 'auto' }}>
    {children}
  </svg>
);

const Sparkle = ({ x, y, s = 1, fill = colors.gold }: { x: number; y: number; s?: number; fill?: string }) => (
  <path
    transform={`translate(${x} ${y}) scale(${s})`}
    d="M0-10 2.6-2.6 10 0 2.6 2.6 0 10-2.6 2.6-10 0-2.6-2.6z"
    fill={fill}
  />
);

/** Account pages: an invitation card with a wax seal, confetti and a little RSVP tick. */
export function InvitationIllustration({ width }: { width?: number | string }) {
  return (
    <Svg viewBox="0 0 360 300" width={width}>
      <circle cx="180" cy="150" r="128" fill={colors.primarySoft} />
      <circle cx="66" cy="62" r="6" fill={colors.rose} />
      <circle cx="300" cy="86" r="5" fill={colors.primary} />
      <circle cx="312" cy="226" r="7" fill={colors.gold} />
      <rect x="44" y="210" width="12" height="5" rx="2.5" fill={colors.primary} transform="rotate(-30 50 212)" />
      <rect x="284" y="40" width="12" height="5" rx="2.5" fill={colors.rose} transform="rotate(25 290 42)" />
      <Sparkle x={92} y={112} s={1.1} />
      <Sparkle x={276} y={150} s={0.8} fill={colors.rose} />
      {/* envelope */}
      <rect x="96" y="128" width="168" height="112" rx="12" fill="#FFFFFF" stroke={colors.line} strokeWidth="2" />
      <path d="M96 140 180 196 264 140" fill="none" stroke={colors.line} strokeWidth="2" />
      {/* card rising from the envelope */}
      <g transform="rotate(-6 180 110)">
        <rect x="122" y="52" width="116" height="120" rx="10" fill="#FFFFFF" stroke={colors.primaryLight} strokeWidth="2" />
        <rect x="140" y="74" width="80" height="8" rx="4" fill={colors.primary} />
        <rect x="150" y="92" width="60" height="6" rx="3" fill={colors.line} />
        <rect x="146" y="106" width="68" height="6" rx="3" fill={colors.line} />
        <circle cx="180" cy="140" r="15" fill={colors.success} />
        <path d="M172 140l6 6 11-12" fill="none" stroke="#FFFFFF" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </g>
      <path d="M96 240V148l84 58 84-58v92z" fill="#FFFFFF" opacity="0.96" />
      <path d="M96 240 164 192M264 240 196 192" stroke={colors.line} strokeWidth="2" />
      <circle cx="180" cy="206" r="14" fill={colors.rose} />
      <path d="M180 212c-5-3.5-8-6.3-8-9.3a4 4 0 0 1 8-1 4 4 0 0 1 8 1c0 3-3 5.8-8 9.3z" fill="#FFFFFF" />
    </Svg>
  );
}

/** The empty event list: a wrapped gift with balloons, waiting for the first celebration. */
export function FirstEventIllustration({ width }: { width?: number | string }) {
  return (
    <Svg viewBox="0 0 320 220" width={width}>
      <ellipse cx="160" cy="196" rx="120" ry="14" fill={colors.primarySoft} />
      <path d="M222 120c-6-30 8-52 2-78" fill="none" stroke={colors.inkSoft} strokeWidth="1.5" />
      <path d="M246 126c4-30 22-46 20-72" fill="none" stroke={colors.inkSoft} strokeWidth="1.5" />
      <ellipse cx="224" cy="34" rx="22" ry="27" fill={colors.rose} />
      <ellipse cx="266" cy="48" rx="19" ry="23" fill={colors.gold} />
      <ellipse cx="217" cy="26" rx="6" ry="9" fill="#FFFFFF" opacity="0.35" />
      <rect x="96" y="104" width="128" height="90" rx="10" fill={colors.primary} />
      <rect x="86" y="86" width="148" height="30" rx="8" fill={colors.primaryDark} />
      <rect x="150" y="86" width="20" height="108" fill={colors.gold} />
      <path d="M160 86c-20-26-48-22-42-6 4 10 26 8 42 6zM160 86c20-26 48-22 42-6-4 10-26 8-42 6z" fill={colors.gold} />
      <Sparkle x={64} y={70} s={1.2} />
      <Sparkle x={286} y={142} s={0.8} fill={colors.primary} />
      <circle cx="52" cy="150" r="5" fill={colors.rose} />
      <circle cx="118" cy="40" r="4" fill={colors.primaryLight} />
    </Svg>
  );
}

/** Not found: a lone balloon drifting off with a question mark. */
export function LostBalloonIllustration({ width }: { width?: number | string }) {
  return (
    <Svg viewBox="0 0 240 200" width={width}>
      <circle cx="120" cy="104" r="84" fill={colors.primarySoft} />
      <path d="M132 118c-10 22 8 38-4 66" fill="none" stroke={colors.inkSoft} strokeWidth="1.5" />
      <ellipse cx="136" cy="70" rx="38" ry="46" fill={colors.primary} />
      <path d="M130 114h12l-6 6z" fill={colors.primary} />
      <ellipse cx="122" cy="54" rx="9" ry="14" fill="#FFFFFF" opacity="0.3" />
      <text x="136" y="86" textAnchor="middle" fontSize="44" fontWeight="700" fill="#FFFFFF" fontFamily="sans-serif">
        ?
      </text>
      <Sparkle x={58} y={58} s={1} />
      <Sparkle x={196} y={140} s={0.7} fill={colors.rose} />
    </Svg>
  );
}

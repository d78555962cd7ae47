import type { Lang } from '@magiim/shared';

/**
 * Small inline flags: emoji flags do not render on Windows. Arabic is a language of many countries, so it
 * gets a neutral letter badge instead of one country's flag.
 */
const FLAGS: Record<Lang, React.JSX.Element> = {
  he: (
    <>
      <rect width="24" height="16" fill="#fff" />
      <rect y="1.5" width="24" height="2.2" fill="#0038b8" />
      <rect y="12.3" width="24" height="2.2" fill="#0038b8" />
      <path d="M12 4.6 15 9.8H9Z M12 11.4 9 6.2h6Z" fill="none" stroke="#0038b8" strokeWidth="0.9" />
    </>
  ),
  en: (
    <>
      <rect width="24" height="16" fill="#012169" />
      <path d="M0 0 24 16M24 0 0 16" stroke="#fff" strokeWidth="3.2" />
      <path d="M0 0 24 16M24 0 0 16" stroke="#C8102E" strokeWidth="1.2" />
      <path d="M12 0v16M0 8h24" stroke="#fff" strokeWidth="5" />
      <path d="M12 0v16M0 8h24" stroke="#C8102E" strokeWidth="3" />
    </>
  ),
  ru: (
    <>
      <rect width="24" height="5.34" fill="#fff" />
      <rect y="5.33" width="24" height="5.34" fill="#0039A6" />
      <rect y="10.66" width="24" height="5.34" fill="#D52B1E" />
    </>
  ),
  ar: (
    <>
      <rect width="24" height="16" fill="#007A3D" />
      <text x="12" y="12" textAnchor="middle" fontSize="11" fill="#fff" fontFamily="sans-serif">
        ع
      </text>
    </>
  ),
};

export function LanguageFlag({ lang }: { lang: Lang }) {
  return (
    <svg
      viewBox="0 0 24 16"
      width="24"
      height="16"
      aria-hidden="true"
      focusable="false"
      style={{ borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.15)', flexShrink: 0 }}
    >
      {FLAGS[lang]}
    </svg>
  );
}

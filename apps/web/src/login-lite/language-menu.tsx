import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LANGUAGES, type Lang } from '@magiim/shared';
import { LanguageFlag } from '../components/language-flag';

/** Each language by its own name, so a reader finds theirs whatever the page's language is now. */
export const NATIVE_NAMES: Record<Lang, string> = { he: 'עברית', en: 'English', ru: 'Русский', ar: 'العربية' };

/**
 * The SPA's language picker (components/language-picker.tsx) without MUI: a button with the flag (and the
 * name from 900 px up) opening a menu of the four languages, each in its own name with its flag; every
 * target at least 44×44 px. Arrow keys move through the menu, Escape closes it.
 */
export function LanguageMenu({ lang, label, onChoose }: { lang: Lang; label: string; onChoose: (lang: Lang) => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[LANGUAGES.indexOf(lang)]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open, lang]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const at = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const count = LANGUAGES.length;
    const focus = (index: number) => items.current[(index + count) % count]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(count - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="lang" ref={root}>
      <button
        ref={button}
        type="button"
        className="lang-button"
        data-testid="language-picker"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open ? 'true' : undefined}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        <LanguageFlag lang={lang} />
        <span lang={lang} className="lang-name">
          {NATIVE_NAMES[lang]}
        </span>
      </button>
      {open ? (
        <div id={menuId} role="menu" className="lang-menu" onKeyDown={onMenuKey}>
          {LANGUAGES.map((option, index) => (
            <button
              key={option}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={option}
              data-testid={`lang-${option}`}
              className={`lang-item${option === lang ? ' lang-item-selected' : ''}`}
              onClick={() => {
                close();
                onChoose(option);
              }}
            >
              <LanguageFlag lang={option} />
              <span>{NATIVE_NAMES[option]}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

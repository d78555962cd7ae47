import type { ReactNode } from 'react';
import { directionOf, type Lang } from '@magiim/shared';
import type { MetaTag } from './link-preview.js';
import { PAGE_CSS } from './page-styles.js';
import { LANGUAGE_NAMES, PAGE_TEXTS } from './page-texts.js';

export interface ShellProps {
  lang: Lang;
  title: string;
  /** The web app's origin: the footer links to its accessibility statement in the page's language. */
  appUrl: string;
  /** The event's languages: a switcher when there is more than one. */
  langs?: readonly Lang[];
  meta?: MetaTag[];
  /** The enhancement script's URL, only on pages with a form. */
  scriptSrc?: string | null;
  preview?: boolean;
  children: ReactNode;
}

/** The document around every guest page: lang and dir, inline CSS, link-preview tags, the language switcher, the footer. */
export const PageShell = ({ lang, title, appUrl, langs = [], meta = [], scriptSrc, preview, children }: ShellProps) => {
  const texts = PAGE_TEXTS[lang];
  return (
    <html lang={lang} dir={directionOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{title}</title>
        <meta name="robots" content="noindex,nofollow" />
        <meta name="referrer" content="no-referrer" />
        <meta name="theme-color" content="#6457E6" />
        {meta.map((tag) => (
          <meta key={`${tag.property ?? tag.name}:${tag.content}`} {...(tag.property ? { property: tag.property } : { name: tag.name })} content={tag.content} />
        ))}
        <style dangerouslySetInnerHTML={{ __html: PAGE_CSS }} />
        {scriptSrc ? <script type="module" src={scriptSrc} /> : null}
      </head>
      <body>
        {preview ? <div className="ribbon">{texts.previewRibbon}</div> : null}
        {langs.length > 1 ? (
          <nav aria-label={texts.languages}>
            <ul className="langs">
              {langs.map((other) => (
                <li key={other}>
                  <a href={`?lang=${other}`} lang={other} hrefLang={other} {...(other === lang ? { 'aria-current': 'page' as const } : {})}>
                    {LANGUAGE_NAMES[other]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main>{children}</main>
        <footer>
          <p>{texts.poweredBy}</p>
          {/* the host's preview sits in a frame of the app: the statement opens beside it */}
          <a href={`${appUrl}/accessibility/${lang}`} {...(preview ? { target: '_blank', rel: 'noopener' } : {})}>
            {texts.accessibilityStatement}
          </a>
        </footer>
      </body>
    </html>
  );
};

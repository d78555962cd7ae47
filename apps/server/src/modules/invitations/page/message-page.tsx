import type { Lang } from '@magiim/shared';
import { TextWith } from './bidi-text.js';
import { PageShell } from './page-shell.js';
import { PAGE_TEXTS, type TextKey } from './page-texts.js';

/** A page with one message: the invalid link, too many attempts, or a failure. */
export interface MessagePageProps {
  lang: Lang;
  title: TextKey;
  body: TextKey;
  values?: Record<string, number | string>;
  appUrl: string;
}

export const MessagePage = ({ lang, title, body, values = {}, appUrl }: MessagePageProps) => {
  const texts = PAGE_TEXTS[lang];
  return (
    <PageShell lang={lang} title={texts[title]} appUrl={appUrl}>
      <section className="card" aria-labelledby="message">
        <h1 id="message">{texts[title]}</h1>
        <p>
          <TextWith template={texts[body]} values={values} />
        </p>
      </section>
    </PageShell>
  );
};

import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { returnPathOf } from './return-path';

/** The light sign-in page's address (login.html, src/login-lite) for a language and the page to come back to. */
export const lightLoginUrl = (lang: string | undefined, returnPath: string): string =>
  `/login${lang ? `/${encodeURIComponent(lang)}` : ''}?next=${encodeURIComponent(returnPath)}`;

/**
 * `/login/:lang?` inside the SPA (an in-app redirect to sign-in: a route behind login, a lost session, signing
 * out): the sign-in page is its own light page, so the browser loads it, remembering where the user was going.
 */
export function ToLightLogin() {
  const { lang } = useParams();
  const { state, search } = useLocation();
  // Already at the light page's address means the server answered it with the SPA (an old server): stop here
  // rather than reload for ever.
  const loop = new URLSearchParams(search).has('next');
  useEffect(() => {
    if (loop) console.error('The sign-in page (login.html) is not served at /login');
    else window.location.replace(lightLoginUrl(lang, returnPathOf(state)));
  }, [lang, state, loop]);
  return null;
}

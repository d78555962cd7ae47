import { useEffect, useRef, useState } from 'react';
import type { Lang } from '@magiim/shared';
import { loadGoogleIdentity } from '../features/auth/components/load-google-identity';

interface GoogleButtonProps {
  clientId: string;
  lang: Lang;
  onCredential: (credential: string) => void;
  unavailableText: string;
}

/** Google's own button, rendered in the interface language once its script has loaded (as the SPA's GoogleSignInButton). */
export function GoogleButton({ clientId, lang, onCredential, unavailableText }: GoogleButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((googleId) => {
        const parent = container.current;
        if (cancelled || !parent) return;
        googleId.initialize({ client_id: clientId, callback: ({ credential }) => callback.current(credential) });
        parent.replaceChildren();
        googleId.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          width: Math.min(parent.clientWidth || 320, 400),
          locale: lang,
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, lang]);

  if (failed) {
    return (
      <p className="muted small" role="status">
        {unavailableText}
      </p>
    );
  }
  return <div ref={container} className="google" />;
}

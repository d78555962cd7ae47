import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { loadGoogleIdentity } from './load-google-identity';

interface GoogleSignInButtonProps {
  clientId: string;
  onCredential: (credential: string) => void;
}

/** Google's own button, rendered in the interface language once the script has loaded. */
export function GoogleSignInButton({ clientId, onCredential }: GoogleSignInButtonProps) {
  const { t, i18n } = useTranslation();
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
          locale: currentLanguage(),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, i18n.language]);

  if (failed) {
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        {t('auth.google.unavailable')}
      </Typography>
    );
  }
  return <Box ref={container} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />;
}

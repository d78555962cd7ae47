import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** The guest's check-in code as a QR image, drawn in the browser by `qrcode` (loaded only where shown). */
export function CheckinQr({ code, size = 220 }: { code: string; size?: number }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: size }).then((url) => {
        if (live) setSrc(url);
      }),
    );
    return () => {
      live = false;
    };
  }, [code, size]);
  return src ? (
    <Box component="img" src={src} alt={t('checkin.qrAlt')} width={size} height={size} data-checkin-code={code} sx={{ display: 'block', mx: 'auto' }} />
  ) : (
    <Box sx={{ width: size, height: size, mx: 'auto' }} />
  );
}

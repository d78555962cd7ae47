import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/** The browser's BarcodeDetector when it reads QR codes, else jsQR, loaded only now, reading frames from a canvas. */
const makeReader = async (): Promise<(video: HTMLVideoElement) => Promise<string | null>> => {
  const Native = (window as unknown as { BarcodeDetector?: DetectorConstructor & { getSupportedFormats?: () => Promise<string[]> } }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats?.())?.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
};

/** The camera in a dialog; calls `onCode` with the first code it reads and closes. */
export function QrScanner({ open, onClose, onCode }: { open: boolean; onClose: () => void; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    setFailed(false);
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await makeReader();
        while (!stopped) {
          const code = video.current ? await read(video.current) : null;
          if (code) {
            onCode(code.trim());
            return;
          }
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open, onCode]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('checkin.scanTitle')}</DialogTitle>
      <DialogContent>
        {failed ? (
          <Alert severity="warning">{t('checkin.cameraFailed')}</Alert>
        ) : (
          <Box component="video" ref={video} muted playsInline aria-label={t('checkin.cameraView')} sx={{ width: '100%', borderRadius: 2, bgcolor: 'grey.900' }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('checkin.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

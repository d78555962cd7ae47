import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { EVENT_IMAGE_MAX_BYTES } from '@magiim/shared';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { colors } from '../../../design/tokens';
import { translateMessage } from '../../../i18n/translate-message';
import { formatFileSize } from '../../../i18n/format-file-size';
import { checkPickedImage, IMAGE_MESSAGES, type EventFormValues } from '../event-form';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

/** Chrome and Firefox cannot draw HEIC; the server converts it, so the preview waits for the saved event. */
const canPreview = (file: File) => !/hei[cf]/i.test(file.type) && !/\.hei[cf]$/i.test(file.name);

interface ImageFieldProps {
  /** The image the event already has (settings). */
  currentUrl?: string | null;
  onRemoveCurrent?: () => void;
  removing?: boolean;
}

/** Pick or drop one invitation image: a preview, its name and size, replace or remove. */
export function ImageField({ currentUrl, onRemoveCurrent, removing }: ImageFieldProps) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const { control, setError, clearErrors } = useFormContext<EventFormValues>();
  const {
    field: { value: file, onChange, ref },
    fieldState: { error },
  } = useController({ control, name: 'image' });
  const picks = useRef(0);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);

  useEffect(() => {
    setPreviewFailed(false);
    if (!file || !canPreview(file)) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // A file that is not an image is refused when picked, with the reason at the field; the last choice stays.
  const take = async (files: FileList | null | undefined) => {
    const next = files?.[0];
    if (!next) return;
    const pick = ++picks.current;
    const problem = await checkPickedImage(next);
    if (pick !== picks.current) return;
    if (problem) {
      setError('image', { type: 'image', message: problem });
      return;
    }
    clearErrors('image');
    onChange(next);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files);
  };
  const pick = () => inputRef.current?.click();
  const maxSize = formatFileSize(EVENT_IMAGE_MAX_BYTES, i18n.language);
  const message = error?.message === IMAGE_MESSAGES.size ? t(IMAGE_MESSAGES.size, { max: maxSize }) : translateMessage(t, error?.message);
  const shownUrl = file ? previewUrl : (currentUrl ?? null);

  return (
    <Box>
      <input
        ref={(element) => {
          inputRef.current = element;
          ref(element);
        }}
        type="file"
        name="image"
        accept={ACCEPT}
        hidden
        onChange={(event) => {
          void take(event.target.files);
          event.target.value = '';
        }}
        data-testid="image-input"
      />
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: message ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? colors.primarySoft : 'background.default',
          borderRadius: 4,
          p: { xs: 2, sm: 3 },
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: 'center',
          gap: 3,
          transition: 'border-color 120ms',
        }}
      >
        <Box
          sx={{
            width: { xs: '100%', sm: 240 },
            aspectRatio: '4 / 3',
            flexShrink: 0,
            borderRadius: 3,
            overflow: 'hidden',
            bgcolor: colors.primarySoft,
            display: 'grid',
            placeItems: 'center',
            border: 1,
            borderColor: 'divider',
          }}
        >
          {shownUrl && !previewFailed ? (
            <Box
              component="img"
              src={shownUrl}
              alt={t('eventWizard.image.previewAlt')}
              onError={() => setPreviewFailed(true)}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              data-testid="image-preview"
            />
          ) : (
            <ImageIcon sx={{ fontSize: 56, color: 'primary.light' }} aria-hidden />
          )}
        </Box>
        <Stack spacing={1.5} sx={{ minWidth: 0, alignItems: { xs: 'stretch', sm: 'flex-start' }, width: '100%' }}>
          {file ? (
            <Box data-testid="image-file">
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Ltr>{file.name}</Ltr>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatFileSize(file.size, i18n.language)}
              </Typography>
              {!previewUrl ? (
                <Typography variant="body2" color="text.secondary">
                  {t('eventWizard.image.noPreview')}
                </Typography>
              ) : null}
            </Box>
          ) : (
            <Typography color="text.secondary">{shownUrl ? t('eventWizard.image.current') : t('eventWizard.image.drop')}</Typography>
          )}
          <Typography variant="body2" color="text.secondary" id={hintId}>
            {ti('eventWizard.image.hint', { formats: 'JPEG, PNG, WebP, HEIC', max: maxSize })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<UploadIcon />} onClick={pick} aria-describedby={hintId}>
              {file || shownUrl ? t('eventWizard.image.replace') : t('eventWizard.image.pick')}
            </Button>
            {file ? (
              <Button color="inherit" startIcon={<DeleteIcon />} onClick={() => onChange(null)}>
                {t('eventWizard.image.discard')}
              </Button>
            ) : currentUrl && onRemoveCurrent ? (
              <Button color="secondary" startIcon={<DeleteIcon />} onClick={onRemoveCurrent} loading={removing} data-testid="image-remove">
                {t('eventWizard.image.remove')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Box>
      {message ? (
        <FormHelperText error role="alert" sx={{ mx: 1.5 }}>
          {message}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

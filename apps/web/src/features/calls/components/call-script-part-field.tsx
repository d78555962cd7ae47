import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrowRounded';
import StopIcon from '@mui/icons-material/StopRounded';
import { CALL_PART_MAX_LENGTH, CALL_PLACEHOLDERS, decodeMessage, type CallPart, type CallPlaceholder, type Lang, type VoiceTemplateEdit } from '@magiim/shared';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { insertPlaceholder } from '../call-script-fill';
import { useCallPreview } from './call-script-player';

interface PartFieldProps {
  control: Control<VoiceTemplateEdit>;
  part: CallPart;
  step: number;
  lang: Lang;
  readOnly: boolean;
  /** The part's text with the sample guest filled in, as it will be read. */
  filled: string;
}

/** One part of the call: its name and when the guest hears it, the text, the placeholder chips and a Listen button. */
export function CallScriptPartField({ control, part, step, lang, readOnly, filled }: PartFieldProps) {
  const { t } = useTranslation();
  const preview = useCallPreview();
  const element = useRef<HTMLTextAreaElement | null>(null);
  const {
    field: { ref, value, onChange, onBlur },
    fieldState: { error },
  } = useController({ control, name: `parts.${part}` });
  const text = value ?? '';
  const id = `call-part-${lang}-${part}`;
  const label = t(`callScript.parts.${part}.label`);
  const errorText = error?.message
    ? (() => {
        // An unknown placeholder is named as the host typed it, braces included.
        const { key, values: params } = decodeMessage(error.message);
        return t(key, { ...params, name: params.name ? `{${String(params.name)}}` : undefined, defaultValue: t('validation.invalidValue') });
      })()
    : undefined;
  const mine = preview.id === part;

  const insert = (name: CallPlaceholder) => {
    const target = element.current;
    const next = insertPlaceholder(text, target?.selectionStart ?? text.length, target?.selectionEnd ?? text.length, name);
    onChange(next.text);
    requestAnimationFrame(() => {
      target?.focus();
      target?.setSelectionRange(next.caret, next.caret);
    });
  };

  const listen = () => (mine ? preview.stop() : preview.play({ id: part, lang, items: [{ key: part, text: filled }] }));

  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={`call-part-${part}`} sx={{ py: 2.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Stack direction="row" spacing={1.5} alignItems="center">
        <Box
          aria-hidden
          sx={{
            flex: 'none',
            width: 32,
            height: 32,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            fontSize: 15,
          }}
        >
          {step}
        </Box>
        <Typography variant="h3" component="h3" id={`${id}-title`} sx={{ flex: 1, minWidth: 0 }}>
          {label}
        </Typography>
        <Button
          size="small"
          variant={mine ? 'contained' : 'outlined'}
          onClick={listen}
          disabled={!filled}
          loading={mine && preview.status === 'loading'}
          loadingPosition="start"
          startIcon={mine && preview.status === 'playing' ? <StopIcon /> : <PlayArrowIcon />}
          aria-label={t(mine && preview.status === 'playing' ? 'callScript.preview.stopPart' : 'callScript.preview.listenPart', { part: label })}
          data-testid={`listen-${part}`}
          sx={{ flex: 'none', minHeight: 40 }}
        >
          {mine && preview.status === 'playing' ? t('callScript.preview.stop') : t('callScript.preview.listen')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" id={`${id}-hint`} sx={{ mt: 0.5, mb: 1.5, paddingInlineStart: { sm: '44px' } }}>
        {t(`callScript.parts.${part}.hint`)}
      </Typography>
      <TextField
        inputRef={(node: HTMLTextAreaElement | null) => {
          element.current = node;
          ref(node);
        }}
        value={text}
        onChange={onChange}
        onBlur={onBlur}
        multiline
        minRows={2}
        fullWidth
        error={Boolean(errorText)}
        helperText={
          <Box component="span" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
            <span>{errorText}</span>
            {readOnly ? null : (
              <Box component="span" sx={{ flex: 'none', color: text.length > CALL_PART_MAX_LENGTH * 0.9 ? 'warning.dark' : 'text.secondary' }}>
                <Ltr>{`${text.length} / ${CALL_PART_MAX_LENGTH}`}</Ltr>
              </Box>
            )}
          </Box>
        }
        slotProps={{
          htmlInput: {
            id,
            lang,
            // An empty area follows the page; once it holds text it takes the text's own direction.
            dir: text ? 'auto' : undefined,
            maxLength: CALL_PART_MAX_LENGTH,
            readOnly,
            'aria-labelledby': `${id}-title`,
            'aria-describedby': `${id}-hint`,
            'data-testid': `call-text-${part}`,
          },
        }}
        sx={readOnly ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : undefined}
      />
      {readOnly ? null : (
        <Stack direction="row" alignItems="center" flexWrap="wrap" useFlexGap spacing={1} sx={{ mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary" id={`${id}-chips`}>
            {t('callScript.insert')}
          </Typography>
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={0.75} role="group" aria-labelledby={`${id}-chips`} sx={{ flex: 1 }}>
            {CALL_PLACEHOLDERS.map((name) => (
              <Chip
                key={name}
                size="small"
                label={t(`callScript.placeholders.${name}`)}
                onClick={() => insert(name)}
                aria-label={t('callScript.insertOne', { name: t(`callScript.placeholders.${name}`), part: label })}
                variant={text.includes(`{${name}}`) ? 'filled' : 'outlined'}
                color={text.includes(`{${name}}`) ? 'primary' : 'default'}
                data-testid={`chip-${part}-${name}`}
              />
            ))}
          </Stack>
        </Stack>
      )}
    </Box>
  );
}

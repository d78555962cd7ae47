import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import RestoreIcon from '@mui/icons-material/RestoreRounded';
import { zodResolver } from '@hookform/resolvers/zod';
import { CALL_PARTS, voiceTemplateEditSchema, type EventDto, type Lang, type VoiceTemplateEdit, type VoiceTemplatesResponse } from '@magiim/shared';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { showToast } from '../../../components/toast-store';
import { useServerErrors } from '../../../components/use-server-errors';
import { useSaveVoiceTemplate } from '../api';
import { SAMPLE_COUNT_OF_INVITES, callPlaceholderValues, callSequence, defaultFor, fillCallText, isDefaultScript, isScriptDirty, scriptFor } from '../call-script-fill';
import { CallScriptPartField } from './call-script-part-field';
import { CallScriptPreviewCard } from './call-script-preview';

const FIELDS = CALL_PARTS.map((part) => `parts.${part}` as const);

/** The first guest on the list, whose call the preview plays (a sample guest when the list is empty). */
export interface SampleGuest {
  fullName: string;
  countOfInvites: number;
}

interface EditorProps {
  event: EventDto;
  data: VoiceTemplatesResponse;
  lang: Lang;
  premium: boolean;
  guest: SampleGuest | null;
}

/** One language's script: the five parts (editable on premium), save and restore, and the call's preview beside it. */
export function CallScriptEditor({ event, data, lang, premium, guest }: EditorProps) {
  const { t } = useTranslation();
  // The sample name is said in the script's language, like the rest of the call.
  const sampleName = t('callScript.preview.sampleName', { lng: lang });
  const sample = useMemo(() => guest ?? { fullName: sampleName, countOfInvites: SAMPLE_COUNT_OF_INVITES }, [guest, sampleName]);
  const save = useSaveVoiceTemplate(event.id);
  const saved = scriptFor(data, lang);
  const defaults = defaultFor(data, lang);
  const { control, handleSubmit, setError, reset, setValue } = useForm<VoiceTemplateEdit, unknown, z.output<typeof voiceTemplateEditSchema>>({
    resolver: zodResolver(voiceTemplateEditSchema),
    defaultValues: { lang, parts: saved.parts },
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);
  const parts = useWatch({ control, name: 'parts' });
  const dirty = premium && isScriptDirty(parts, saved.parts);
  const atDefault = isDefaultScript(parts, defaults);
  const values = useMemo(() => callPlaceholderValues(event, lang, sample), [event, lang, sample]);
  const sequence = callSequence(parts, values);

  const onSubmit = handleSubmit((body) => {
    clearFormError();
    save.mutate(body, {
      onSuccess: (next) => {
        reset({ lang, parts: scriptFor(next, lang).parts });
        showToast('callScript.saved', 'success');
      },
      onError: handleError,
    });
  });

  const restore = () => {
    for (const part of CALL_PARTS) setValue(`parts.${part}`, defaults[part], { shouldDirty: true, shouldValidate: false });
    showToast('callScript.restored', 'info');
  };

  return (
    <Grid container spacing={3} alignItems="flex-start">
      <Grid size={{ xs: 12, md: 7 }}>
        <Card component="form" onSubmit={onSubmit} noValidate data-testid={`call-script-form-${lang}`} aria-label={t('callScript.formLabel', { language: t(`language.names.${lang}`) })}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Chip
                size="small"
                color={saved.own ? 'primary' : 'default'}
                variant={saved.own ? 'filled' : 'outlined'}
                label={t(saved.own ? 'callScript.status.own' : 'callScript.status.default')}
                data-testid="call-script-status"
                data-own={saved.own}
              />
              {dirty ? <Chip size="small" variant="outlined" color="warning" label={t('callScript.status.unsaved')} data-testid="call-script-unsaved" /> : null}
            </Stack>
            {CALL_PARTS.map((part, index) => (
              <CallScriptPartField
                key={part}
                control={control}
                part={part}
                step={index + 1}
                lang={lang}
                readOnly={!premium}
                filled={fillCallText(parts[part] ?? '', values)}
              />
            ))}
            <FormErrorAlert error={formError} />
            {premium ? (
              <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} justifyContent="space-between" sx={{ mt: 1 }}>
                <Button color="inherit" startIcon={<RestoreIcon />} onClick={restore} disabled={atDefault} data-testid="call-script-restore">
                  {t('callScript.restore')}
                </Button>
                <Button type="submit" variant="contained" size="large" disabled={!dirty} loading={save.isPending} data-testid="call-script-save">
                  {t('callScript.save')}
                </Button>
              </Stack>
            ) : (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('callScript.readOnly')}
              </Alert>
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <CallScriptPreviewCard lang={lang} sequence={sequence} guestName={sample.fullName} countOfInvites={sample.countOfInvites} realGuest={Boolean(guest)} />
      </Grid>
    </Grid>
  );
}

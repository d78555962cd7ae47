import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_SIDE_LABELS, SIDE_LABEL_MAX_LENGTH, sideLabelsSchema, type SideLabels } from '@magiim/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLanguage } from '../../../app/i18n';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { showToast } from '../../../components/toast-store';
import { useServerErrors } from '../../../components/use-server-errors';
import { useSaveSideLabels, useSideLabels } from '../../guests/api';

const FIELDS = ['a', 'b'] as const;

/**
 * Issue 32: the labels of the couple's two sides (e.g. "דנה" and "יואב"), saved on their own. Empty fields keep
 * the translated default ("Side A"), shown as the placeholder.
 */
export function SideLabelsSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const labels = useSideLabels(eventId);
  const save = useSaveSideLabels(eventId);
  const { control, handleSubmit, reset, setError, formState } = useForm<z.input<typeof sideLabelsSchema>, unknown, SideLabels>({
    resolver: zodResolver(sideLabelsSchema),
    defaultValues: { a: '', b: '' },
  });
  const { formError, handleError, clearFormError } = useServerErrors(setError, FIELDS);
  useEffect(() => {
    if (labels.data) reset(labels.data);
  }, [labels.data, reset]);
  const defaults = DEFAULT_SIDE_LABELS[currentLanguage()];

  const onSubmit = handleSubmit((values) => {
    clearFormError();
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        showToast('eventSettings.sides.saved', 'success');
      },
      onError: handleError,
    });
  });

  return (
    <Card sx={{ mt: 3 }} data-testid="side-labels">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
        <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
          {t('eventSettings.sides.title')}
        </Typography>
        <Typography color="text.secondary">{t('eventSettings.sides.hint')}</Typography>
        <Box component="form" noValidate onSubmit={(submitEvent) => void onSubmit(submitEvent)} aria-label={t('eventSettings.sides.title')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <FormTextField
              control={control}
              name="a"
              label={t('eventSettings.sides.a')}
              placeholder={defaults.a}
              disabled={labels.isPending}
              slotProps={{ htmlInput: { maxLength: SIDE_LABEL_MAX_LENGTH, dir: 'auto', 'data-testid': 'side-label-a' }, inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={control}
              name="b"
              label={t('eventSettings.sides.b')}
              placeholder={defaults.b}
              disabled={labels.isPending}
              slotProps={{ htmlInput: { maxLength: SIDE_LABEL_MAX_LENGTH, dir: 'auto', 'data-testid': 'side-label-b' }, inputLabel: { shrink: true } }}
            />
          </Stack>
          <FormErrorAlert error={formError} />
          <Button type="submit" variant="contained" loading={save.isPending} disabled={!formState.isDirty} sx={{ mt: 2 }} data-testid="side-labels-save">
            {t('eventSettings.sides.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { showToast } from '../../../components/toast-store';
import { useServerErrors } from '../../../components/use-server-errors';
import { useDeleteEventImage, useEditEvent, useNonRemovableLanguages } from '../api';
import { EventStepContent } from '../components/event-form-steps';
import { SideLabelsSection } from '../components/side-labels-section';
import { WizardStepper } from '../components/wizard-stepper';
import {
  EVENT_FORM_FIELDS,
  EVENT_STEPS,
  eventFormResolver,
  eventToFormValues,
  firstStepWithError,
  stepOfIssues,
  toEventEdit,
  type EventFormValues,
} from '../event-form';
import { useEvent } from '../use-event';
import { CohostsSection } from '../../cohosts/components/cohosts-section';
import { BackIcon, NextIcon } from '../../../design/direction-icons';


/** `/event/:id/settings/:step?`: the wizard's steps on the saved event; a save sends only what changed. */
export function EventSettingsPage() {
  const { t, i18n } = useTranslation();
  const event = useEvent();
  const navigate = useNavigate();
  const { step } = useParams();
  const [progress, setProgress] = useState<number | null>(null);
  const editEvent = useEditEvent(event.id);
  const deleteImage = useDeleteEventImage(event.id);
  const nonRemovable = useNonRemovableLanguages(event.id);
  const resolver = useMemo(() => eventFormResolver({ date: event.date, rsvpStartDate: event.rsvpStartDate }), [event.date, event.rsvpStartDate]);
  const form = useForm<EventFormValues>({ resolver, defaultValues: eventToFormValues(event, i18n.language), mode: 'onTouched' });
  const { handleSubmit, setError, reset, formState } = form;
  const { formError, handleError, clearFormError } = useServerErrors(setError, EVENT_FORM_FIELDS);

  const base = `/event/${event.id}/settings`;
  const hrefOf = (index: number) => `${base}/${EVENT_STEPS[index]?.id ?? EVENT_STEPS[0].id}`;
  const known = step === undefined || EVENT_STEPS.some((candidate) => candidate.id === step);
  const index = Math.max(0, EVENT_STEPS.findIndex((candidate) => candidate.id === step));
  const current = EVENT_STEPS[index] ?? EVENT_STEPS[0];
  if (!known) return <Navigate to={hrefOf(0)} replace />;

  const onInvalid = (errors: FieldErrors<EventFormValues>) => {
    const target = firstStepWithError(errors);
    if (target !== index) void navigate(hrefOf(target));
  };

  const save = handleSubmit((values) => {
    clearFormError();
    const edit = toEventEdit(values, event);
    if (Object.keys(edit).length === 0 && !values.image) {
      showToast('eventSettings.nothingChanged', 'info');
      return;
    }
    setProgress(values.image ? 0 : null);
    editEvent.mutate(
      { data: edit, image: values.image, onProgress: setProgress },
      {
        onSuccess: (saved) => {
          setProgress(null);
          reset(eventToFormValues(saved, i18n.language));
          showToast('eventSettings.saved', 'success');
        },
        onError: (error) => {
          setProgress(null);
          handleError(error);
          const target = isApiError(error) ? stepOfIssues(error.issues) : null;
          if (target !== null && target !== index) void navigate(hrefOf(target));
        },
      },
    );
  }, onInvalid);

  const removeImage = () =>
    deleteImage.mutate(undefined, {
      onSuccess: () => showToast('eventSettings.imageRemoved', 'success'),
      onError: (error) => handleError(error),
    });

  const stepHasError = (at: number) => EVENT_STEPS[at]?.fields.some((field) => formState.errors[field] !== undefined) ?? false;

  return (
    <>
      <PageHeading>{t('eventSettings.title')}</PageHeading>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
          <WizardStepper active={index} hrefOf={hrefOf} reachable={() => true} hasError={stepHasError} tickDone={false} />
          <FormProvider {...form}>
            <Box
              component="form"
              noValidate
              data-testid="event-settings"
              onSubmit={(submitEvent) => {
                submitEvent.preventDefault();
                void save(submitEvent);
              }}
            >
              <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
                {t(`eventWizard.steps.${current.id}`)}
              </Typography>
              <EventStepContent
                step={current.id}
                lockedLangs={nonRemovable.data ?? []}
                currentImageUrl={event.imageUrl}
                onRemoveCurrentImage={removeImage}
                removingImage={deleteImage.isPending}
              />
              <FormErrorAlert error={formError} />
              {progress !== null && editEvent.isPending ? (
                <LinearProgress variant="determinate" value={progress * 100} aria-label={t('eventWizard.uploading')} sx={{ mt: 3 }} />
              ) : null}
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 4, flexDirection: { xs: 'column', sm: 'row' } }}>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={editEvent.isPending}
                  disabled={!formState.isDirty}
                  data-testid="settings-save"
                  sx={{ width: { xs: '100%', sm: 'auto' } }}
                >
                  {t('eventSettings.save')}
                </Button>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexGrow: 1, width: { xs: '100%', sm: 'auto' } }}>
                  {index > 0 ? (
                    <Button component={RouterLink} to={hrefOf(index - 1)} startIcon={<BackIcon />}>
                      {t(`eventWizard.steps.${EVENT_STEPS[index - 1]?.id ?? 'details'}`)}
                    </Button>
                  ) : (
                    <span />
                  )}
                  {index < EVENT_STEPS.length - 1 ? (
                    <Button component={RouterLink} to={hrefOf(index + 1)} endIcon={<NextIcon />}>
                      {t(`eventWizard.steps.${EVENT_STEPS[index + 1]?.id ?? 'rsvp'}`)}
                    </Button>
                  ) : null}
                </Box>
              </Box>
            </Box>
          </FormProvider>
        </CardContent>
      </Card>
      <SideLabelsSection eventId={event.id} />
      <CohostsSection event={event} />
    </>
  );
}

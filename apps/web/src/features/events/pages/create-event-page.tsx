import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { useServerErrors } from '../../../components/use-server-errors';
import { useCreateEvent } from '../api';
import { EventStepContent } from '../components/event-form-steps';
import { WizardStepper } from '../components/wizard-stepper';
import {
  EVENT_FORM_FIELDS,
  EVENT_STEPS,
  eventFormResolver,
  firstStepWithError,
  newEventDefaults,
  recommendedRsvpStart,
  stepOfIssues,
  toEventInput,
  type EventFormValues,
} from '../event-form';
import { BackIcon, NextIcon } from '../../../design/direction-icons';

const hrefOf = (index: number) => `/create-event/${EVENT_STEPS[index]?.id ?? EVENT_STEPS[0].id}`;

/** `/create-event/:step?`: the new-event wizard, one URL per step, one form across them. */
export function CreateEventPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { step } = useParams();
  const [reached, setReached] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const createEvent = useCreateEvent();
  const form = useForm<EventFormValues>({
    resolver: eventFormResolver(),
    defaultValues: newEventDefaults(i18n.language),
    mode: 'onTouched',
  });
  const { handleSubmit, trigger, setError, getValues, getFieldState, setValue, formState } = form;
  const { formError, handleError, clearFormError } = useServerErrors(setError, EVENT_FORM_FIELDS);

  const known = step === undefined || EVENT_STEPS.some((candidate) => candidate.id === step);
  const index = Math.max(0, EVENT_STEPS.findIndex((candidate) => candidate.id === step));
  const current = EVENT_STEPS[index] ?? EVENT_STEPS[0];
  const last = index === EVENT_STEPS.length - 1;

  // The RSVP start follows the event date (14 days before, not before today) until the host sets it.
  useEffect(() => {
    if (current.id !== 'rsvp') return;
    const date = getValues('date');
    if (date && !getFieldState('rsvpStartDate').isDirty) setValue('rsvpStartDate', recommendedRsvpStart(date));
  }, [current.id, getValues, getFieldState, setValue]);

  if (!known) return <Navigate to={hrefOf(0)} replace />;
  // A step further on than the host has come (a typed or bookmarked URL) opens the furthest one reached.
  if (index > reached) return <Navigate to={hrefOf(reached)} replace />;

  const goTo = (next: number) => {
    setReached((value) => Math.max(value, next));
    void navigate(hrefOf(next));
  };

  const onInvalid = (errors: FieldErrors<EventFormValues>) => {
    const target = firstStepWithError(errors);
    if (target !== index) void navigate(hrefOf(target));
  };

  const create = handleSubmit((values) => {
    clearFormError();
    setProgress(values.image ? 0 : null);
    createEvent.mutate(
      { data: toEventInput(values), image: values.image, onProgress: setProgress },
      {
        onSuccess: (event) => void navigate(`/event/${event.id}/statistics`),
        onError: (error) => {
          setProgress(null);
          handleError(error);
          const target = isApiError(error) ? stepOfIssues(error.issues) : null;
          if (target !== null && target !== index) void navigate(hrefOf(target));
        },
      },
    );
  }, onInvalid);

  const next = async () => {
    clearFormError();
    if (await trigger(current.fields, { shouldFocus: true })) goTo(index + 1);
  };

  const stepHasError = (at: number) => EVENT_STEPS[at]?.fields.some((field) => formState.errors[field] !== undefined) ?? false;

  return (
    <>
      <PageHeading>{t('eventWizard.createTitle')}</PageHeading>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
          <WizardStepper active={index} hrefOf={hrefOf} reachable={(at) => at <= reached} hasError={stepHasError} />
          <FormProvider {...form}>
            <Box
              component="form"
              noValidate
              data-testid="event-wizard"
              onSubmit={(event) => {
                event.preventDefault();
                if (last) void create(event);
                else void next();
              }}
            >
              <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
                {t(`eventWizard.steps.${current.id}`)}
              </Typography>
              <EventStepContent step={current.id} />
              <FormErrorAlert error={formError} />
              {progress !== null && createEvent.isPending ? (
                <LinearProgress variant="determinate" value={progress * 100} aria-label={t('eventWizard.uploading')} sx={{ mt: 3 }} />
              ) : null}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 4, flexWrap: 'wrap-reverse' }}>
                {index > 0 ? (
                  <Button variant="outlined" size="large" onClick={() => void navigate(hrefOf(index - 1))} startIcon={<BackIcon />}>
                    {t('eventWizard.back')}
                  </Button>
                ) : (
                  <Button variant="text" size="large" onClick={() => void navigate('/manage-events')}>
                    {t('eventWizard.cancel')}
                  </Button>
                )}
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  loading={createEvent.isPending}
                  endIcon={last ? undefined : <NextIcon />}
                  data-testid={last ? 'wizard-create' : 'wizard-next'}
                  sx={{ flexGrow: { xs: 1, sm: 0 } }}
                >
                  {last ? t('eventWizard.create') : t('eventWizard.next')}
                </Button>
              </Box>
            </Box>
          </FormProvider>
        </CardContent>
      </Card>
    </>
  );
}

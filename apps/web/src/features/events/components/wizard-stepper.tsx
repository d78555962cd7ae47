import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isolateLtr } from '../../../design/bidi';
import { EVENT_STEPS } from '../event-form';

interface WizardStepperProps {
  active: number;
  /** Where each step lives (`/create-event/<step>`). */
  hrefOf: (index: number) => string;
  /** Steps that may be opened: those already reached in the wizard, all of them in settings. */
  reachable: (index: number) => boolean;
  /** Steps with a refused field get an error mark. */
  hasError?: (index: number) => boolean;
  /** The wizard ticks the steps behind; settings, where every step is already filled, does not. */
  tickDone?: boolean;
}

/**
 * The wizard's steps: on a desktop every step with its name (reached ones are links); on a phone, where five
 * labels do not fit, "step 2 of 5" with the step's name and a progress bar.
 */
export function WizardStepper({ active, hrefOf, reachable, hasError = () => false, tickDone = true }: WizardStepperProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const total = EVENT_STEPS.length;
  const current = EVENT_STEPS[active] ?? EVENT_STEPS[0];

  if (!wide) {
    return (
      <Box sx={{ mb: 3 }} data-testid="wizard-stepper">
        <Typography variant="body2" color="text.secondary" aria-hidden="true" sx={{ mb: 1 }}>
          {t('eventWizard.stepOf', { current: isolateLtr(String(active + 1)), total: isolateLtr(String(total)) })}
          {' · '}
          {t(`eventWizard.steps.${current.id}`)}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((active + 1) / total) * 100}
          aria-label={t('eventWizard.stepOf', { current: active + 1, total })}
          sx={{ height: 6, borderRadius: 999 }}
        />
      </Box>
    );
  }

  return (
    <Box component="nav" aria-label={t('eventWizard.stepsLabel')} sx={{ mb: 4 }} data-testid="wizard-stepper">
      <Stepper nonLinear activeStep={active} alternativeLabel>
        {EVENT_STEPS.map((step, index) => {
          const label = t(`eventWizard.steps.${step.id}`);
          const error = hasError(index);
          return (
            <Step key={step.id} completed={tickDone && index < active && !error}>
              {reachable(index) && index !== active ? (
                <StepButton component={RouterLink} to={hrefOf(index)} optional={error ? <ErrorNote /> : undefined}>
                  {label}
                </StepButton>
              ) : (
                <StepLabel error={error} optional={error ? <ErrorNote /> : undefined} aria-current={index === active ? 'step' : undefined}>
                  {label}
                </StepLabel>
              )}
            </Step>
          );
        })}
      </Stepper>
    </Box>
  );
}

function ErrorNote() {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" color="error">
      {t('eventWizard.stepHasError')}
    </Typography>
  );
}

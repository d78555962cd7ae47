import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_STEPS, type CheckoutStep } from '../pricing-context';

/** The four checkout steps; the ones behind are ticked. Short labels, so they fit a phone too. */
export function CheckoutStepper({ active, finished = false }: { active: CheckoutStep; finished?: boolean }) {
  const { t } = useTranslation();
  const index = CHECKOUT_STEPS.indexOf(active);
  return (
    <Stepper
      activeStep={index}
      alternativeLabel
      aria-label={t('billing.steps.label')}
      sx={{ mb: { xs: 3, sm: 4 }, p: 0, '& .MuiStepLabel-label': { fontSize: { xs: '0.8125rem', sm: '0.875rem' } } }}
      data-testid="checkout-stepper"
    >
      {CHECKOUT_STEPS.map((step, at) => (
        <Step key={step} completed={at < index || finished} aria-current={at === index ? 'step' : undefined}>
          <StepLabel>{t(`billing.steps.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

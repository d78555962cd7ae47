import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { EventDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGroups } from '../../guests/api';
import { visuallyHidden } from '../../statistics/components/visually-hidden';
import { useActionTiming, useMessageTemplates } from '../api';
import { setupSteps, wasSetupSeen } from '../setup-steps';

/** A compact checklist on the dashboard: what is left before the messages go, each step a link to its screen. */
export function SetupChecklist({ event }: { event: EventDto }) {
  const { t } = useTranslation();
  const groups = useGroups(event.id).data;
  const templates = useMessageTemplates(event.id).data;
  const timing = useActionTiming(event.id).data;
  const steps = setupSteps({
    eventId: event.id,
    groups: groups?.length ?? 0,
    guests: event.guestCount,
    templatesChecked: Boolean(templates?.templates.length) || wasSetupSeen(event.id, 'templates'),
    paid: event.progressStatus > 0,
    timingsChecked: Boolean(timing?.actions.some((action) => action.custom)) || wasSetupSeen(event.id, 'timings'),
  });
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  return (
    <Card variant="outlined" sx={{ mb: 3 }} data-testid="setup-checklist" component="nav" aria-labelledby="setup-title">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="setup-title" variant="h2" component="h2" sx={{ fontSize: '1.05rem' }}>
            {t('messaging.setup.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('messaging.setup.done', { done, total: steps.length })}
          </Typography>
        </Box>
        <LinearProgress variant="determinate" value={(done / steps.length) * 100} sx={{ my: 1.5, height: 6, borderRadius: 3 }} aria-hidden />
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {steps.map((step) => (
            <li key={step.key}>
              <Box
                component={RouterLink}
                to={step.to}
                data-testid={`setup-${step.key}`}
                data-done={step.done}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.75,
                  px: 1.25,
                  py: 0.5,
                  borderRadius: 4,
                  border: 1,
                  borderColor: step.done ? 'success.light' : 'divider',
                  color: step.done ? 'success.dark' : 'text.primary',
                  textDecoration: 'none',
                  fontSize: 14,
                  '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                }}
              >
                {step.done ? <CheckCircleIcon fontSize="small" aria-hidden /> : <RadioButtonIcon fontSize="small" aria-hidden color="disabled" />}
                <span>{t(`messaging.setup.${step.key}`)}</span>
                <Box component="span" sx={visuallyHidden}>
                  {` (${step.done ? t('messaging.setup.doneLabel') : t('messaging.setup.todoLabel')})`}
                </Box>
              </Box>
            </li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

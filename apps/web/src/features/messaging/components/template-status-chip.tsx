import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import HourglassIcon from '@mui/icons-material/HourglassEmpty';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import type { TemplateStatus } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { ToneChip, type Tone } from './tone-chip';

const LOOK: Record<TemplateStatus, { tone: Tone; icon: React.ReactElement }> = {
  pendingPayment: { tone: 'neutral', icon: <PaymentsIcon /> },
  pendingApproval: { tone: 'warning', icon: <HourglassIcon /> },
  approved: { tone: 'success', icon: <CheckIcon /> },
  rejected: { tone: 'error', icon: <ErrorIcon /> },
  paused: { tone: 'warning', icon: <ErrorIcon /> },
  disabled: { tone: 'error', icon: <ErrorIcon /> },
};

/** A template's review state; null: the host has no own text (the default is used). */
export function TemplateStatusChip({ status }: { status: TemplateStatus | null }) {
  const { t } = useTranslation();
  if (!status) return <ToneChip tone="neutral" label={t('messaging.templateStatus.default')} data-testid="template-status" data-status="default" />;
  const look = LOOK[status];
  return <ToneChip tone={look.tone} icon={look.icon} label={t(`messaging.templateStatus.${status}`)} data-testid="template-status" data-status={status} />;
}

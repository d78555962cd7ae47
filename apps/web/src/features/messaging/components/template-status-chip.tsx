import Chip from '@mui/material/Chip';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import HourglassIcon from '@mui/icons-material/HourglassEmpty';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import type { TemplateStatus } from '@magiim/shared';
import { useTranslation } from 'react-i18next';

const LOOK: Record<TemplateStatus, { color: 'default' | 'success' | 'warning' | 'error' | 'info'; icon: React.ReactElement }> = {
  pendingPayment: { color: 'default', icon: <PaymentsIcon /> },
  pendingApproval: { color: 'warning', icon: <HourglassIcon /> },
  approved: { color: 'success', icon: <CheckIcon /> },
  rejected: { color: 'error', icon: <ErrorIcon /> },
};

/** A template's review state; null: the host has no own text (the default is used). */
export function TemplateStatusChip({ status }: { status: TemplateStatus | null }) {
  const { t } = useTranslation();
  if (!status) return <Chip size="small" variant="outlined" label={t('messaging.templateStatus.default')} data-testid="template-status" data-status="default" />;
  const look = LOOK[status];
  return <Chip size="small" color={look.color} icon={look.icon} label={t(`messaging.templateStatus.${status}`)} data-testid="template-status" data-status={status} />;
}

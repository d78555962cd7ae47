import Chip from '@mui/material/Chip';
import type { AdminUserState } from '@magiim/shared';
import { useTranslation } from 'react-i18next';

// Blocked takes the rose accent: MUI's orange warning is too light as text on white (3:1).
const COLORS = { active: 'success', blocked: 'secondary', deregistered: 'default' } as const;

/** Active, blocked or deregistered, as a small pill. */
export function UserStateChip({ state }: { state: AdminUserState }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[state]} label={t(`admin.users.states.${state}`)} data-testid="user-state" />;
}

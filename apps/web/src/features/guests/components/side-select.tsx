import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { GuestSide } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { UserText } from '../../../design/bidi';
import { useSideLabels } from '../api';
import { sideOptions } from '../guest-sides';

/** Issue 32: a guest's side of the couple: the host's label A, label B, both, or none. */
export function SideSelect({
  eventId,
  value,
  onChange,
  testId,
  ...props
}: { eventId: string; value: GuestSide | null | undefined; onChange: (side: GuestSide | null) => void; testId?: string } & Omit<TextFieldProps, 'value' | 'onChange' | 'select'>) {
  const { t } = useTranslation();
  const labels = useSideLabels(eventId).data;
  return (
    <TextField
      select
      fullWidth
      label={t('guests.columns.side')}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || null) as GuestSide | null)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid={testId}
      {...props}
    >
      <MenuItem value="">{t('guests.sides.none')}</MenuItem>
      {sideOptions(labels, currentLanguage()).map((option) => (
        <MenuItem key={option.value} value={option.value} data-testid={`side-option-${option.value}`}>
          <UserText>{option.label}</UserText>
        </MenuItem>
      ))}
    </TextField>
  );
}

import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The wedding suppliers a host usually pays, suggested as they type (in the page's language). */
export const EXPENSE_CATEGORIES = [
  'hall',
  'catering',
  'photographer',
  'video',
  'music',
  'band',
  'dress',
  'suit',
  'flowers',
  'invitations',
  'rabbi',
  'makeup',
  'rings',
  'transport',
  'bar',
  'honeymoon',
] as const;

interface DescriptionFieldProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string;
  hideLabel?: boolean;
  'data-testid'?: string;
}

/** Free text with the suggested categories; a suggestion fills the field, anything else is kept as typed. */
export function DescriptionField({ value, onChange, label, error, hideLabel, ...rest }: DescriptionFieldProps) {
  const { t } = useTranslation();
  const options = useMemo(() => EXPENSE_CATEGORIES.map((key) => t(`expenses.categories.${key}`)), [t]);
  return (
    <Autocomplete
      freeSolo
      disableClearable
      options={options}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      filterOptions={(all, state) => {
        const typed = state.inputValue.trim().toLocaleLowerCase();
        return typed ? all.filter((option) => option.toLocaleLowerCase().includes(typed) && option !== state.inputValue) : all;
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          fullWidth
          label={hideLabel ? undefined : label}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { ...params.inputProps, dir: 'auto', 'aria-label': label, 'data-testid': rest['data-testid'], maxLength: 200 } }}
        />
      )}
    />
  );
}

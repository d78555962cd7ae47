import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPhone, GUEST_SEARCH_MAX_LENGTH, sideLabelOf, type GuestSide, type Lang, type SideLabels } from '@magiim/shared';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr, UserText } from '../../../design/bidi';
import { useDebouncedValue } from '../../guests/use-debounced-value';
import { useGuestSearch } from '../api';

export interface GuestOption {
  id: string;
  fullName: string;
  phoneNumber: string;
  side: GuestSide | null;
}

interface GuestSearchFieldProps {
  eventId: string;
  value: GuestOption | null;
  onChange: (guest: GuestOption | null) => void;
  sideLabels: SideLabels;
  lang: Lang;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A guest by name or phone, as the host types (the server searches the whole list). */
export function GuestSearchField({ eventId, value, onChange, sideLabels, lang, error, inputRef }: GuestSearchFieldProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim().slice(0, GUEST_SEARCH_MAX_LENGTH), 250);
  // Nothing is asked once the field shows the chosen guest.
  const search = useGuestSearch(eventId, value && typed === value.fullName ? '' : q);
  const options: GuestOption[] = q && search.data ? search.data.items.map(({ id, fullName, phoneNumber, side }) => ({ id, fullName, phoneNumber, side })) : [];
  const label = t('giftLedger.form.guest');
  return (
    <Autocomplete<GuestOption>
      value={value}
      onChange={(_event, guest) => onChange(guest)}
      inputValue={typed}
      onInputChange={(_event, next) => setTyped(next)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      filterOptions={(all) => all}
      getOptionLabel={(guest) => guest.fullName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={search.isFetching}
      loadingText={t('giftLedger.form.searching')}
      noOptionsText={q ? t('giftLedger.form.noGuest') : t('giftLedger.form.typeToSearch')}
      renderOption={({ key, ...props }, guest) => (
        <Box component="li" key={key} {...props} data-testid="gift-guest-option">
          <Box sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
              <UserText>{guest.fullName}</UserText>
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              <Ltr>{formatPhone(guest.phoneNumber)}</Ltr>
              {guest.side ? ` · ${sideLabelOf(guest.side, sideLabels, lang)}` : ''}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          error={Boolean(error)}
          helperText={error ?? t('giftLedger.form.guestHint')}
          inputRef={inputRef}
          slotProps={{ htmlInput: { ...params.inputProps, dir: 'auto', maxLength: GUEST_SEARCH_MAX_LENGTH, 'data-testid': 'gift-guest' } }}
        />
      )}
    />
  );
}

import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { isLang, type PlaceSuggestion } from '@magiim/shared';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { usePlaceSuggestions } from '../api';
import type { EventFormValues } from '../event-form';
import { UserText } from '../../../design/bidi';

const useDebounced = <T,>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * The location is chosen from the suggestions only: typed text that was not picked sends nothing, so the
 * server never sees a free-text place. The chosen suggestion's placeId is what the event stores; the venue
 * (the hall) is typed beside it.
 */
export function LocationField() {
  const { t, i18n } = useTranslation();
  const { control, setValue, formState } = useFormContext<EventFormValues>();
  const {
    field: { value: place, onChange: setPlace, ref },
  } = useController({ control, name: 'place' });
  const [input, setInput] = useState(place?.name ?? '');
  const query = useDebounced(input.trim(), 250);
  const lang = isLang(i18n.language) ? i18n.language : 'he';
  const suggestions = usePlaceSuggestions(query === place?.name ? '' : query, lang);
  const locationError = formState.errors.location;
  const message = translateMessage(t, locationError?.message ?? locationError?.placeId?.message);

  // The place (city or address) and the venue are two fields: picking a place never touches the venue.
  const choose = (next: PlaceSuggestion | null) => {
    // Another place: a pin put on the former one's map does not belong to it.
    if (next?.placeId !== place?.placeId) setValue('location.venuePoint', null, { shouldDirty: true });
    setPlace(next);
    setValue('location.placeId', next?.placeId ?? '', { shouldDirty: true, shouldValidate: formState.errors.location !== undefined });
  };

  const options = suggestions.data ?? [];
  return (
    <Autocomplete<PlaceSuggestion, false, false, false>
      value={place}
      onChange={(_event, next) => choose(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={place && !options.some((option) => option.placeId === place.placeId) ? [place, ...options] : options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.placeId}
      isOptionEqualToValue={(option, selected) => option.placeId === selected.placeId}
      loading={suggestions.isFetching}
      loadingText={t('common.loading')}
      openText={t('eventWizard.whenWhere.showPlaces')}
      closeText={t('eventWizard.whenWhere.hidePlaces')}
      clearText={t('eventWizard.whenWhere.clearPlace')}
      noOptionsText={query ? t('eventWizard.whenWhere.noPlaces') : t('eventWizard.whenWhere.typeToSearch')}
      autoHighlight
      fullWidth
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <PlaceIcon color="primary" sx={{ mt: 0.25 }} aria-hidden />
          <Box>
            <Typography component="span" sx={{ display: 'block' }}>
              <UserText>{option.name}</UserText>
            </Typography>
            {option.address ? (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {option.address}
              </Typography>
            ) : null}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={ref}
          name="location"
          margin="normal"
          required
          label={t('eventWizard.whenWhere.location')}
          error={Boolean(message)}
          helperText={message ?? (place?.address || t('eventWizard.whenWhere.locationHint'))}
        />
      )}
      data-testid="location-field"
    />
  );
}

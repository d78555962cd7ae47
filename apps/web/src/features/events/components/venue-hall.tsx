import { lazy, Suspense, useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import NearMeIcon from '@mui/icons-material/NearMeOutlined';
import { isVenuePoint, VENUE_ADDRESS_MAX_LENGTH, type VenuePoint } from '@magiim/shared';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { UserText } from '../../../design/bidi';
import type { EventFormValues } from '../event-form';

// Leaflet and its styles load only when this step shows a map (the first screens' JS does not grow).
const VenueMap = lazy(() => import('./venue-map'));

const formatPoint = (point: VenuePoint) => `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`;

/** "31.95, 34.80" as a map app copies it (a space, a comma or both between the two numbers). */
export const parsePoint = (text: string): VenuePoint | null => {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const point = { lat: Number(match[1]), lng: Number(match[2]) };
  return isVenuePoint(point) ? point : null;
};

/**
 * Where guests will be sent (issue 27 §6). Without a Google key the place is a locality and its point is the
 * locality's centre: the host confirms or moves a pin on the map (drag, tap, arrow keys on the pin, or typed
 * coordinates) or types the hall's street address. The step says where Waze and Google Maps will take guests.
 */
export function VenueHall() {
  const { t } = useTranslation();
  const { control } = useFormContext<EventFormValues>();
  const [place, defaultLang] = useWatch({ control, name: ['place', 'defaultLang'] });
  const venueName = useWatch({ control, name: `location.venue.${defaultLang}` }) ?? '';
  const venueAddress = useWatch({ control, name: 'location.venueAddress' }) ?? '';
  const {
    field: { value: pin, onChange: setPin },
  } = useController({ control, name: 'location.venuePoint' });
  const point = isVenuePoint(pin) ? pin : null;
  const center = place?.center ?? null;
  const [typed, setTyped] = useState(point ? formatPoint(point) : '');
  const [typedError, setTypedError] = useState(false);
  const titleId = useId();

  // A pin moved on the map shows in the coordinates field.
  useEffect(() => {
    if (point) setTyped(formatPoint(point));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [point?.lat, point?.lng]);

  if (!place) return null;
  // "Garden Halls, Herzl 12, Rishon LeZion"; without a street, the place and its region.
  const street = venueAddress.trim();
  const where = (street ? [venueName.trim(), street, place.name] : [venueName.trim(), place.name, place.address]).filter(Boolean).join(', ');
  const sentTo = point
    ? t('eventWizard.whenWhere.sentToPin', { where })
    : venueAddress.trim()
      ? t('eventWizard.whenWhere.sentToAddress', { where })
      : center
        ? t('eventWizard.whenWhere.sentToCentre', { city: place.name })
        : t('eventWizard.whenWhere.sentToPlace', { where });

  const applyTyped = () => {
    if (!typed.trim()) {
      setTypedError(false);
      return;
    }
    const parsed = parsePoint(typed);
    setTypedError(!parsed);
    if (parsed) setPin(parsed);
  };

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <Typography id={titleId} variant="h4" component="h4" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('eventWizard.whenWhere.hallTitle')}
      </Typography>
      <Alert severity={point || venueAddress.trim() || !center ? 'info' : 'warning'} icon={<NearMeIcon />} sx={{ mt: 1 }} data-testid="sent-to" role="status">
        <UserText>{sentTo}</UserText>
      </Alert>
      <FormTextField
        control={control}
        name="location.venueAddress"
        label={t('eventWizard.whenWhere.venueAddress')}
        helperText={t('eventWizard.whenWhere.venueAddressHint')}
        slotProps={{ htmlInput: { maxLength: VENUE_ADDRESS_MAX_LENGTH, dir: 'auto' } }}
      />
      {center ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('eventWizard.whenWhere.mapHint')}
          </Typography>
          <Suspense fallback={<Skeleton variant="rounded" height={280} sx={{ mt: 1 }} />}>
            <VenueMap point={point ?? center} onMove={(next) => setPin(next)} label={t('eventWizard.whenWhere.mapLabel')} pinLabel={t('eventWizard.whenWhere.pinLabel')} />
          </Suspense>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
            {point ? (
              <Button variant="outlined" onClick={() => setPin(null)} sx={{ minHeight: 44 }}>
                {t('eventWizard.whenWhere.removePin')}
              </Button>
            ) : (
              <Button variant="outlined" onClick={() => setPin({ lat: center.lat, lng: center.lng })} sx={{ minHeight: 44 }}>
                {t('eventWizard.whenWhere.pinHere')}
              </Button>
            )}
          </Stack>
        </>
      ) : null}
      <TextField
        fullWidth
        margin="normal"
        name="venueCoordinates"
        label={t('eventWizard.whenWhere.coordinates')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={applyTyped}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            applyTyped();
          }
        }}
        error={typedError}
        helperText={typedError ? t('eventWizard.whenWhere.coordinatesInvalid') : t('eventWizard.whenWhere.coordinatesHint')}
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'decimal', autoComplete: 'off' } }}
      />
    </Box>
  );
}

import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import TextField from '@mui/material/TextField';

// The pickers (MUI X and dayjs) load on their own, only on the screens that ask for a date.
const loadPickers = () => import('./date-time-pickers');
const LazyDateField = lazy(() => loadPickers().then((module) => ({ default: module.PickerDateField })));
const LazyTimeField = lazy(() => loadPickers().then((module) => ({ default: module.PickerTimeField })));

/** Starts fetching the pickers early (the wizard does on its first step), so the date step opens without a wait. */
export const preloadDateTimeFields = (): void => void loadPickers().catch(() => undefined);

/** Holds the field's place while the pickers load, so nothing moves when they appear. */
function Placeholder({ label, hint }: { label: string; hint?: ReactNode }) {
  return <TextField fullWidth margin="normal" label={label} helperText={hint} disabled required slotProps={{ inputLabel: { shrink: true } }} />;
}

export function DateField(props: ComponentProps<typeof LazyDateField>) {
  return (
    <Suspense fallback={<Placeholder label={props.label} hint={props.hint} />}>
      <LazyDateField {...props} />
    </Suspense>
  );
}

export function TimeField(props: ComponentProps<typeof LazyTimeField>) {
  return (
    <Suspense fallback={<Placeholder label={props.label} />}>
      <LazyTimeField {...props} />
    </Suspense>
  );
}

import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { translateError } from '../i18n/translate-error';

/** The translated `errors.<code>` of a failed call, or nothing. */
export function FormErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ my: 2 }} role="alert">
      {translateError(t, error)}
    </Alert>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useIsolatedT } from '../../../design/isolated-text';
import { BackIcon, NextIcon } from '../../../design/direction-icons';

/** Previous / next with "21–40 of 75"; hidden when everything fits on one page. */
export function AnswerPager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const ti = useIsolatedT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <Stack component="nav" aria-label={t('invitations.history.pages')} direction="row" alignItems="center" justifyContent="space-between" spacing={1} sx={{ mt: 2 }}>
      <Button startIcon={<BackIcon variant="chevron" />} disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="answers-previous">
        {t('invitations.history.previous')}
      </Button>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {ti('invitations.history.range', { range: `${from}–${to}`, count: total })}
      </Typography>
      <Button endIcon={<NextIcon variant="chevron" />} disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="answers-next">
        {t('invitations.history.next')}
      </Button>
    </Stack>
  );
}

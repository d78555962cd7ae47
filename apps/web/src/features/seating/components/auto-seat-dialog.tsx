import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { SeatingAutoResult } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { isolateLtr, UserText } from '../../../design/bidi';

/** What automatic seating did: how many it seated, and who could not be seated, by name. */
export function AutoSeatDialog({ result, names, onClose }: { result: SeatingAutoResult; names: ReadonlyMap<string, string>; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="seating-auto-result">
      <DialogTitle id={titleId}>{t('seating.auto.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>{t('seating.auto.seated', { n: isolateLtr(String(result.seated)) })}</Typography>
        {result.notSeated.length === 0 ? (
          <Typography color="success.main" sx={{ fontWeight: 600 }}>
            {t('seating.auto.allSeated')}
          </Typography>
        ) : (
          <>
            <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('seating.auto.notSeated')}</Typography>
            <Box component="ul" data-testid="seating-not-seated" sx={{ m: 0, paddingInlineStart: 3, maxHeight: 240, overflow: 'auto' }}>
              {result.notSeated.map((id) => (
                <li key={id}>
                  <UserText>{names.get(id) ?? ''}</UserText>
                </li>
              ))}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus sx={{ whiteSpace: 'nowrap' }}>
          {t('seating.auto.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

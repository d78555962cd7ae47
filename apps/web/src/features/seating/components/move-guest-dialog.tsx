import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SeatingGuest, SeatingTable } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { isolateLtr, isolateUserText } from '../../../design/bidi';

interface MoveGuestDialogProps {
  guest: SeatingGuest;
  tables: readonly SeatingTable[];
  onMove: (guestId: string, tableId: string | null) => void;
  onClose: () => void;
}

const NO_TABLE = 'none';

/** "Move to table" (phones, and keyboards on a desktop): every table with its free seats, or no table. */
export function MoveGuestDialog({ guest, tables, onMove, onClose }: MoveGuestDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [choice, setChoice] = useState(guest.tableId ?? NO_TABLE);
  const name = isolateUserText(guest.fullName);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onMove(guest.guestId, choice === NO_TABLE ? null : choice);
          onClose();
        }}
      >
        <DialogTitle id={titleId}>{t('seating.moveDialog.title', { name })}</DialogTitle>
        <DialogContent>
          <TextField
            select
            label={t('seating.moveDialog.table')}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
            data-testid="seating-move-select"
          >
            <MenuItem value={NO_TABLE}>{t('seating.moveDialog.unseat')}</MenuItem>
            {tables.map((x) => {
              const free = x.capacity - x.seated;
              const values = { number: isolateLtr(String(x.number)), free: isolateLtr(String(Math.max(0, free))), name: x.name ? isolateUserText(x.name) : '' };
              return (
                <MenuItem key={x.id} value={x.id} data-testid="seating-move-option" data-table-number={x.number}>
                  {t(x.name ? 'seating.moveDialog.optionNamed' : 'seating.moveDialog.option', values)}
                </MenuItem>
              );
            })}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} sx={{ whiteSpace: 'nowrap' }}>
            {t('seating.moveDialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" sx={{ whiteSpace: 'nowrap' }} data-testid="seating-move-save">
            {t('seating.moveDialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

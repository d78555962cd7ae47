import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ImportResult } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { showToast } from '../../../components/toast-store';
import { Ltr, UserText } from '../../../design/bidi';
import { useGuestRows } from '../api';
import type { PickedContact } from '../contact-sources';
import { ImportReport } from './import-report';
import { googleErrorKey } from '../google-error-key';

interface ContactsDialogProps {
  eventId: string;
  /** The contacts to choose from (Google's list), or null while they load. */
  contacts: PickedContact[] | null;
  loadError: unknown;
  open: boolean;
  onClose: () => void;
}

const MAX_LISTED = 300;

/** A searchable list of contacts to tick; the ticked ones are checked and added with an invite count of 1. */
export function ContactsDialog({ eventId, contacts, loadError, open, onClose }: ContactsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const rows = useGuestRows(eventId);

  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const digits = needle.replace(/\D/g, '');
    return (contacts ?? [])
      .map((contact, index) => ({ contact, index }))
      .filter(({ contact }) => !needle || contact.name.toLowerCase().includes(needle) || (digits && contact.phoneNumber.replace(/\D/g, '').includes(digits)));
  }, [contacts, search]);

  const chosenRows = () =>
    [...picked].map((index) => contacts![index]!).map((contact) => ({ fullName: contact.name, phoneNumber: contact.phoneNumber, countOfInvites: '1' }));

  const close = () => {
    setSearch('');
    setPicked(new Set());
    setPreview(null);
    rows.reset();
    onClose();
  };
  const toggle = (index: number) => {
    setPreview(null);
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{t('guests.contacts.title')}</DialogTitle>
      <DialogContent>
        {loadError ? <Alert severity="error">{t(googleErrorKey(loadError))}</Alert> : null}
        {contacts ? (
          <>
            <TextField
              label={t('guests.contacts.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              fullWidth
              margin="dense"
              type="search"
            />
            <List dense tabIndex={0} sx={{ maxHeight: 360, overflow: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }} aria-label={t('guests.contacts.title')}>
              {visible.slice(0, MAX_LISTED).map(({ contact, index }) => (
                <ListItem key={index} disablePadding divider>
                  {/* A label around the box, not a button around it: one control per contact (axe "nested-interactive"). */}
                  <FormControlLabel
                    data-testid="contact-option"
                    sx={{ m: 0, px: 1, py: 0.25, width: '100%' }}
                    control={<Checkbox checked={picked.has(index)} onChange={() => toggle(index)} />}
                    label={<ListItemText primary={contact.name ? <UserText>{contact.name}</UserText> : '—'} secondary={<Ltr>{contact.phoneNumber}</Ltr>} />}
                  />
                </ListItem>
              ))}
            </List>
          </>
        ) : loadError ? null : (
          <Alert severity="info">{t('guests.contacts.loading')}</Alert>
        )}
        <FormErrorAlert error={rows.error} />
        {preview ? <ImportReport result={preview} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('guests.actions.cancel')}</Button>
        {preview && preview.valid > 0 ? (
          <Button
            variant="contained"
            loading={rows.isPending}
            data-testid="contacts-add"
            onClick={() =>
              rows.mutate(
                { rows: chosenRows(), commit: true },
                {
                  onSuccess: (result) => {
                    showToast('guests.import.imported', 'success', { count: result.imported });
                    close();
                  },
                },
              )
            }
          >
            {t('guests.import.addValid', { count: preview.valid })}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={picked.size === 0}
            loading={rows.isPending}
            data-testid="contacts-check"
            onClick={() => rows.mutate({ rows: chosenRows(), commit: false }, { onSuccess: setPreview })}
          >
            {t('guests.contacts.check', { count: picked.size })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

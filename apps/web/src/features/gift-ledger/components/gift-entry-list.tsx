import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sideLabelOf, type GiftEntry, type GiftLedgerResponse, type Lang } from '@magiim/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast-store';
import { isolateUserText, Ltr, UserText } from '../../../design/bidi';
import { isApiError } from '../../../app/api-error';
import { formatOrderDate, formatShekels } from '../../billing/format-money';
import { ConfirmDialog } from '../../guests/components/confirm-dialog';
import { useDeleteGift } from '../api';
import { METHOD_ICONS } from './method-chips';

/** Many gifts: a filter by name or note appears once the list is longer than this. */
const FILTER_FROM = 8;
const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase().trim();

/** The gifts, newest first; each can be deleted after a question. */
export function GiftEntryList({ eventId, ledger, lang }: { eventId: string; ledger: GiftLedgerResponse; lang: Lang }) {
  const { t } = useTranslation();
  const remove = useDeleteGift(eventId);
  const [asking, setAsking] = useState<GiftEntry | null>(null);
  const [filter, setFilter] = useState('');
  const shown = filter.trim() ? ledger.entries.filter((e) => fold(e.guestName).includes(fold(filter)) || fold(e.note).includes(fold(filter))) : ledger.entries;

  const confirm = () => {
    if (!asking) return;
    remove.mutate(asking.id, {
      onSuccess: () => {
        setAsking(null);
        showToast('giftLedger.list.deleted', 'success');
      },
      onError: (error) => {
        setAsking(null);
        if (!(isApiError(error) && error.handledGlobally)) showToast(isApiError(error) ? `errors.${error.code}` : 'errors.INTERNAL', 'error');
      },
    });
  };

  return (
    <Card component="section" aria-labelledby="gift-list-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="gift-list">
      <Typography variant="h2" id="gift-list-title" sx={{ mb: 2 }}>
        {t('giftLedger.list.title', { count: ledger.entries.length })}
      </Typography>
      {ledger.entries.length === 0 ? (
        <Typography color="text.secondary" data-testid="gift-list-empty">
          {t('giftLedger.list.empty')}
        </Typography>
      ) : (
        <>
          {ledger.entries.length > FILTER_FROM ? (
            <TextField
              size="small"
              fullWidth
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              label={t('giftLedger.list.filter')}
              sx={{ mb: 2 }}
              slotProps={{ htmlInput: { dir: 'auto', maxLength: 100, 'data-testid': 'gift-list-filter' } }}
            />
          ) : null}
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((entry) => (
              <Box
                component="li"
                key={entry.id}
                data-testid="gift-entry-row"
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    <UserText>{entry.guestName}</UserText>
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mt: 0.5 }}>
                    <Chip size="small" variant="outlined" icon={METHOD_ICONS[entry.method]} label={t(`giftLedger.methods.${entry.method}`)} />
                    {entry.side ? (
                      <Typography variant="body2" color="text.secondary">
                        <UserText>{sideLabelOf(entry.side, ledger.sideLabels, lang)}</UserText>
                      </Typography>
                    ) : null}
                    {entry.source !== 'host' ? (
                      <Typography variant="body2" color="text.secondary">
                        {t(`giftLedger.list.source.${entry.source}`)}
                      </Typography>
                    ) : null}
                    <Typography variant="body2" color="text.secondary">
                      {formatOrderDate(entry.createdAt, lang)}
                    </Typography>
                  </Box>
                  {entry.note ? (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                      <UserText>{entry.note}</UserText>
                    </Typography>
                  ) : null}
                </Box>
                <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', whiteSpace: 'nowrap' }} data-testid="gift-entry-amount">
                  <Ltr>{formatShekels(entry.amount, lang)}</Ltr>
                </Typography>
                <IconButton
                  aria-label={t('giftLedger.list.delete', { name: isolateUserText(entry.guestName) })}
                  onClick={() => setAsking(entry)}
                  data-testid="gift-entry-delete"
                  sx={{ width: 44, height: 44, color: 'secondary.main' }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
          {shown.length === 0 ? <Typography color="text.secondary">{t('giftLedger.list.noMatch')}</Typography> : null}
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('giftLedger.list.deleteTitle')}
        confirmLabel={t('giftLedger.list.deleteConfirm')}
        cancelLabel={t('giftLedger.list.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        {asking ? (
          <span data-testid="gift-delete-question">
            {t('giftLedger.list.deleteBody')}{' '}
            <UserText>{asking.guestName}</UserText>
            {' · '}
            <Ltr>{formatShekels(asking.amount, lang)}</Ltr>
          </span>
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}

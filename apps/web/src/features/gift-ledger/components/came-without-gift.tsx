import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { formatPhone, sideLabelOf, type GiftLedgerResponse, type Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { isolateUserText, Ltr, UserText } from '../../../design/bidi';
import type { GuestOption } from './guest-search-field';

/** The guests who came (attending > 0) with no gift recorded; one tap puts a guest in the quick entry. */
export function CameWithoutGift({ ledger, lang, onRecord }: { ledger: GiftLedgerResponse; lang: Lang; onRecord: (guest: GuestOption) => void }) {
  const { t } = useTranslation();
  const guests = ledger.cameWithoutGift;
  return (
    <Card component="section" aria-labelledby="gift-none-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="gift-came-without">
      <Typography variant="h2" id="gift-none-title" sx={{ mb: 0.5 }}>
        {t('giftLedger.none.title', { count: guests.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {guests.length === 0 ? t('giftLedger.none.empty') : t('giftLedger.none.intro')}
      </Typography>
      {guests.length > 0 ? (
        <Box
          component="ul"
          tabIndex={0}
          aria-labelledby="gift-none-title"
          sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 420, overflowY: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {guests.map((guest) => (
            <Box
              component="li"
              key={guest.guestId}
              data-testid="gift-came-without-guest"
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  <UserText>{guest.fullName}</UserText>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <Ltr>{formatPhone(guest.phoneNumber)}</Ltr>
                  {' · '}
                  {t('giftLedger.none.attending', { count: guest.attending })}
                  {guest.side ? (
                    <>
                      {' · '}
                      <UserText>{sideLabelOf(guest.side, ledger.sideLabels, lang)}</UserText>
                    </>
                  ) : null}
                </Typography>
              </Box>
              <Button
                size="small"
                variant="outlined"
                onClick={() => onRecord({ id: guest.guestId, fullName: guest.fullName, phoneNumber: guest.phoneNumber, side: guest.side })}
                aria-label={t('giftLedger.none.recordFor', { name: isolateUserText(guest.fullName) })}
                data-testid="gift-record-for"
                sx={{ flexShrink: 0, minHeight: 44 }}
              >
                {t('giftLedger.none.record')}
              </Button>
            </Box>
          ))}
        </Box>
      ) : null}
    </Card>
  );
}

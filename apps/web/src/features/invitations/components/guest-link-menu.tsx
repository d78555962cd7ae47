import { memo, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { GuestDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { useEvent } from '../../events/use-event';
import { eventNameIn } from '../../events/format-event';
import { copyLink } from '../copy-text';
import { whatsAppShareUrl } from '../share-links';

type LinkGuest = Pick<GuestDto, 'fullName' | 'phoneNumber' | 'lang' | 'inviteUrl'>;

/** The open menu: mounted only while open, so a page of 200 rows carries 200 buttons and no menus. */
function LinkMenu({ guest, anchor, onClose }: { guest: LinkGuest; anchor: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation();
  const event = useEvent();
  const message = t('invitations.links.personalMessage', { name: guest.fullName, event: eventNameIn(event, guest.lang), url: guest.inviteUrl });
  return (
    <Menu open anchorEl={anchor} onClose={onClose} slotProps={{ list: { 'aria-label': `${t('invitations.links.menu')}: ${guest.fullName}` } }}>
      <MenuItem
        onClick={() => {
          onClose();
          void copyLink(guest.inviteUrl);
        }}
        data-testid="row-copy-link"
      >
        <ListItemIcon>
          <ContentCopyIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('invitations.links.copy')}</ListItemText>
      </MenuItem>
      <MenuItem component="a" href={whatsAppShareUrl(message, guest.phoneNumber)} target="_blank" rel="noopener noreferrer" onClick={onClose} data-testid="row-whatsapp">
        <ListItemIcon>
          <WhatsAppIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('invitations.links.whatsApp')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}

/** A guest row's "invitation link" button: copy the personal link or send it on WhatsApp. */
export const GuestLinkMenu = memo(function GuestLinkMenu({ guest, label }: { guest: LinkGuest; label: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        disableRipple
        onClick={(event) => setAnchor(event.currentTarget)}
        title={label}
        aria-label={`${label}: ${guest.fullName}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        sx={{ width: 44, height: 44 }}
        data-testid="row-link-menu"
      >
        <LinkIcon fontSize="small" />
      </IconButton>
      {anchor ? <LinkMenu guest={guest} anchor={anchor} onClose={() => setAnchor(null)} /> : null}
    </>
  );
});

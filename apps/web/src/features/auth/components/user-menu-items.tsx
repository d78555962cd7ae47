import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import EventIcon from '@mui/icons-material/Event';
import LogoutIcon from '@mui/icons-material/Logout';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

interface Props {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
  fullName: string | undefined;
  isAdmin: boolean;
  supportEmail: string | null | undefined;
}

/** The user menu's items (features/auth/components/user-menu.tsx), loaded on their own. */
export function UserMenuItems({ id, anchor, onClose, onLogout, fullName, isAdmin, supportEmail }: Props) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <MenuItem component={RouterLink} to="/userSettings" onClick={onClose}>
        <ListItemIcon>
          <PersonOutlineIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('nav.profile')} secondary={fullName} />
      </MenuItem>
      <MenuItem component={RouterLink} to="/manage-events" onClick={onClose}>
        <ListItemIcon>
          <EventIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('nav.myEvents')}</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to="/my-orders" onClick={onClose} data-testid="menu-my-orders">
        <ListItemIcon>
          <ReceiptIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('nav.myOrders')}</ListItemText>
      </MenuItem>
      {isAdmin ? (
        <MenuItem component={RouterLink} to="/admin/users" onClick={onClose} data-testid="menu-admin">
          <ListItemIcon>
            <AdminIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.admin')}</ListItemText>
        </MenuItem>
      ) : null}
      {supportEmail ? (
        <MenuItem component="a" href={`mailto:${supportEmail}`} onClick={onClose}>
          <ListItemIcon>
            <MailOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.contact')}</ListItemText>
        </MenuItem>
      ) : null}
      <Divider component="li" role="separator" />
      <MenuItem data-testid="logout" onClick={onLogout}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('nav.logout')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}

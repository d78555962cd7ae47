import { useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import EventIcon from '@mui/icons-material/Event';
import LogoutIcon from '@mui/icons-material/Logout';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import PersonIcon from '@mui/icons-material/Person';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { AppAbility } from '../../../app/ability';
import { useSession } from '../../../app/use-session';
import { useConfig } from '../../config/api';
import { useLogout } from '../api';

/** Profile, my events, my orders, contact and logout (spec §2). */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: config } = useConfig();
  // Issue 22: only an administrator sees the way into the console.
  const isAdmin = useAbility<AppAbility>().can('manage', 'all');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const user = session?.userData;

  const onLogout = () => {
    close();
    logout.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };

  return (
    <>
      <IconButton
        data-testid="user-menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('nav.userMenu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
      >
        {/* An icon, not initials: visible text would have to be part of the button's accessible name. */}
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main' }}>
          <PersonIcon fontSize="small" />
        </Avatar>
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem component={RouterLink} to="/userSettings" onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('nav.profile')} secondary={user?.fullName} />
        </MenuItem>
        <MenuItem component={RouterLink} to="/manage-events" onClick={close}>
          <ListItemIcon>
            <EventIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.myEvents')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/my-orders" onClick={close} data-testid="menu-my-orders">
          <ListItemIcon>
            <ReceiptIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('nav.myOrders')}</ListItemText>
        </MenuItem>
        {isAdmin ? (
          <MenuItem component={RouterLink} to="/admin/users" onClick={close} data-testid="menu-admin">
            <ListItemIcon>
              <AdminIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('nav.admin')}</ListItemText>
          </MenuItem>
        ) : null}
        {config?.supportEmail ? (
          <MenuItem component="a" href={`mailto:${config.supportEmail}`} onClick={close}>
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
    </>
  );
}

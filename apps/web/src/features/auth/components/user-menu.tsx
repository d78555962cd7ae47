import { lazy, Suspense, useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import PersonIcon from '@mui/icons-material/Person';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppAbility } from '../../../app/ability';
import { useSession } from '../../../app/use-session';
import { useConfig } from '../../config/api';
import { useLogout } from '../api';

// The menu (MUI's Menu and MenuItem, which bring Select and the inputs) is not on the first screens: it loads when
// the button is pointed at, focused or pressed, and stays mounted once opened.
const loadItems = () => import('./user-menu-items');
const UserMenuItems = lazy(async () => ({ default: (await loadItems()).UserMenuItems }));
const preloadItems = () => void loadItems().catch(() => undefined);

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
  const [opened, setOpened] = useState(false);
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
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={preloadItems}
        onFocus={preloadItems}
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
      {opened ? (
        <Suspense fallback={null}>
          <UserMenuItems id={menuId} anchor={anchor} onClose={close} onLogout={onLogout} fullName={user?.fullName} isAdmin={isAdmin} supportEmail={config?.supportEmail} />
        </Suspense>
      ) : null}
    </>
  );
}

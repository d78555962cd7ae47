import Stack from '@mui/material/Stack';
import { LanguagePicker } from '../../components/language-picker';
import { UserMenu } from '../../features/auth/components/user-menu';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';

/** The signed-in top bar's end: language, notifications bell and user menu. */
export function TopBarActions() {
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <LanguagePicker />
      <NotificationsMenu />
      <UserMenu />
    </Stack>
  );
}

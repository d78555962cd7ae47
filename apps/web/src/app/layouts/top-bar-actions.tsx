import Stack from '@mui/material/Stack';
import { LanguagePicker } from '../../components/language-picker';
import { UserMenu } from '../../features/auth/components/user-menu';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import { TourButton } from '../../features/tour/components/tour-button';

/** The signed-in top bar's end: language, notifications bell and user menu; in an event's dashboard, the guide tour's button first. */
export function TopBarActions({ withTour = false }: { withTour?: boolean }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      {withTour ? <TourButton /> : null}
      <LanguagePicker />
      <NotificationsMenu />
      <UserMenu />
    </Stack>
  );
}

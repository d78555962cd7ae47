import { Navigate, Outlet } from 'react-router';
import { useSession } from '../use-session';

/** Login and registration send a signed-in user to the event list (spec §2). */
export function GuestOnly() {
  const session = useSession();
  if (session) return <Navigate to="/manage-events" replace />;
  return <Outlet />;
}

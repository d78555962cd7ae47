import { Navigate, Outlet, useLocation } from 'react-router';
import { returnPathOf } from './return-path';
import { useSession } from '../use-session';

/** Login and registration send a signed-in user to the event list (spec §2). */
export function GuestOnly() {
  const session = useSession();
  const { state } = useLocation();
  if (session) return <Navigate to={returnPathOf(state)} replace />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../use-session';

/** Routes behind login: signed-out users go to the login page (spec §6). */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}

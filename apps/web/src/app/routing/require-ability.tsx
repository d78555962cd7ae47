import type { ReactNode } from 'react';
import { useAbility } from '@casl/react';
import type { Action, Subject } from '@magiim/shared';
import { Navigate } from 'react-router';
import type { AppAbility } from '../ability';

/** Signed-in users lacking the route's ability see the not-authorized page (spec §6). */
export function RequireAbility({ action, subject, children }: { action: Action; subject: Subject; children: ReactNode }) {
  const ability = useAbility<AppAbility>();
  if (ability.cannot(action, subject)) return <Navigate to="/not-authorized" replace />;
  return children;
}

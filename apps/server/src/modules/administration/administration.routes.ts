import type { AppInstance } from '../../app.js';

/** Issue 22: the administration's API (spec §7 `apps/user/users`, ours under `/admin`). Admins only. */
export const registerAdministrationRoutes = (_app: AppInstance) => {};

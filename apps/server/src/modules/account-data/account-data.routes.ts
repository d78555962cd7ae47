import type { AppInstance } from '../../app.js';

/** Issue 22: the host's own data (`GET user/export`) and deleting the account (`DELETE user/account`). */
export const registerAccountDataRoutes = (_app: AppInstance) => {};

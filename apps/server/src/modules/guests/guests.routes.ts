import type { AppInstance } from '../../app.js';

// Placeholder until this feature's routes land.
export const registerGuestRoutes = (_app: AppInstance) => {};

import type { AppInstance } from '../../app.js';

// Placeholder until this feature's routes land.
export const registerPlacesRoutes = (_app: AppInstance) => {};

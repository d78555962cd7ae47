// PLACEHOLDER: the cardcom-ott helper fills this with POST auth/ott and POST auth/ott/redeem.
import type { AppInstance } from '../../app.js';

export const registerOneTimeSignInRoutes = (_app: AppInstance): void => {};

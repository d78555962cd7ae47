import { API } from '@magiim/shared';
import { apiRequest, lazySchema } from '../../app/api-client';
import { readSession, writeUserData } from '../../app/session';
import { showToast } from '../../components/toast-store';

// The answer check loads on its own (app/response-schemas.ts): this module is on the first screens.
const profileResponseSchema = lazySchema((s) => s.profileResponseSchema);

const writeTourFlag = (on: boolean): void => {
  const session = readSession();
  if (session && session.userData.guideTour !== on) writeUserData({ ...session.userData, guideTour: on });
};

/**
 * `PUT user/guide-tour`: the stored user follows the server. Turning it off shows at once (the host is done with
 * it; a failed save only brings the tour back on the next visit); turning it on waits for the server.
 */
export const saveGuideTour = async (on: boolean): Promise<void> => {
  if (!on) writeTourFlag(false);
  try {
    const { userData } = await apiRequest(API.user.guideTour, { method: 'PUT', body: { on }, schema: profileResponseSchema });
    writeUserData(userData);
  } catch {
    if (on) showToast('tour.saveFailed', 'error');
  }
};

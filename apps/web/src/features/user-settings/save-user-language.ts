import { API, isStoredUserData, type Lang, type UserData } from '@magiim/shared';
import { apiRequest } from '../../app/api-client';
import { readSession, writeUserData } from '../../app/session';

/**
 * Signed-in users' language choice is kept on the account, so e-mails and notifications follow it.
 * Every page loads this (language changes anywhere), so the answer is checked without zod.
 */
export const saveUserLanguage = async (lang: Lang): Promise<void> => {
  const session = readSession();
  if (!session || session.userData.lang === lang) return;
  try {
    const { userData } = await apiRequest<{ userData: unknown }>(API.user.lang, { method: 'PUT', body: { lang } });
    if (isStoredUserData(userData)) writeUserData(userData as UserData);
  } catch (error) {
    // The interface has already switched; the account keeps its old language until the next choice.
    console.warn('Could not save the language on the account', error);
  }
};

import { loadGoogleIdentity } from '../auth/components/load-google-identity';

export interface PickedContact {
  name: string;
  phoneNumber: string;
}

interface ContactsManager {
  select(properties: ('name' | 'tel')[], options: { multiple: boolean }): Promise<{ name?: string[]; tel?: string[] }[]>;
}

/** The phone's own contacts (Contact Picker API: Chrome on Android); absent elsewhere, so the button hides. */
export const hasContactPicker = (): boolean => typeof navigator !== 'undefined' && 'contacts' in navigator && typeof window !== 'undefined' && 'ContactsManager' in window;

export const pickPhoneContacts = async (): Promise<PickedContact[]> => {
  const manager = (navigator as unknown as { contacts: ContactsManager }).contacts;
  const picked = await manager.select(['name', 'tel'], { multiple: true });
  return picked.flatMap((contact) => {
    const phoneNumber = contact.tel?.find((tel) => tel.trim());
    return phoneNumber ? [{ name: contact.name?.[0]?.trim() ?? '', phoneNumber }] : [];
  });
};

interface TokenResponse {
  access_token?: string;
  error?: string;
}
interface GoogleOAuth2 {
  initTokenClient(config: {
    client_id: string;
    scope: string;
    callback: (response: TokenResponse) => void;
    error_callback?: (error: { type: string }) => void;
  }): { requestAccessToken(options?: { prompt?: string }): void };
}

export const CONTACTS_SCOPE = 'https://www.googleapis.com/auth/contacts.readonly';

/**
 * Asks the host, in Google's own popup, to let Magiim read their contacts once (contacts.readonly). The
 * token goes to our server, which reads the People API with it and keeps nothing.
 */
export const requestGoogleContactsToken = async (clientId: string): Promise<string> => {
  await loadGoogleIdentity();
  const oauth2 = (window as unknown as { google?: { accounts: { oauth2?: GoogleOAuth2 } } }).google?.accounts.oauth2;
  if (!oauth2) throw new Error('Google Identity Services has no token client');
  return new Promise<string>((resolve, reject) => {
    oauth2
      .initTokenClient({
        client_id: clientId,
        scope: CONTACTS_SCOPE,
        callback: (response) => (response.access_token ? resolve(response.access_token) : reject(new Error(response.error ?? 'no token'))),
        error_callback: (error) => reject(new Error(error.type)),
      })
      .requestAccessToken({ prompt: '' });
  });
};

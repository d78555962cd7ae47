import { AppError } from '../../platform/errors.js';
import type { GoogleContact, GoogleContactsProvider } from './index.js';

const PAGE_SIZE = 1000;
const MAX_CONTACTS = 10_000;
const TIMEOUT_MS = 10_000;

interface ConnectionsPage {
  connections?: { names?: { displayName?: string }[]; phoneNumbers?: { value?: string; canonicalForm?: string }[] }[];
  nextPageToken?: string;
}

const failed = (why: string) => new AppError('GOOGLE_CONTACTS_FAILED', why);

/**
 * Google People API: the signed-in host's contacts that have a phone, one entry per number (a contact
 * with a mobile and a home number gives two; the import keeps what is valid). The host's access token
 * (contacts.readonly, from Google Identity Services in the browser) is used once and never stored or logged.
 */
export const createPeopleApiContacts = (options: { baseUrl: string }): GoogleContactsProvider => ({
  name: 'google-people',
  async listContacts(accessToken: string): Promise<GoogleContact[]> {
    const contacts: GoogleContact[] = [];
    let pageToken: string | undefined;
    do {
      const url = new URL('/v1/people/me/connections', options.baseUrl);
      url.searchParams.set('personFields', 'names,phoneNumbers');
      url.searchParams.set('pageSize', String(PAGE_SIZE));
      url.searchParams.set('sortOrder', 'FIRST_NAME_ASCENDING');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      let response: Response;
      try {
        response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch {
        throw failed('Google People API could not be reached');
      }
      // Google refuses a bad, expired or revoked token with 401 (or 403 without the contacts scope): the caller's token.
      if (response.status === 401 || response.status === 403) throw new AppError('GOOGLE_TOKEN_REFUSED', `Google People API answered ${response.status}`);
      if (!response.ok) throw failed(`Google People API answered ${response.status}`);
      const page = (await response.json()) as ConnectionsPage;
      for (const person of page.connections ?? []) {
        const name = person.names?.[0]?.displayName?.trim() ?? '';
        for (const phone of person.phoneNumbers ?? []) {
          const phoneNumber = (phone.canonicalForm ?? phone.value ?? '').trim();
          if (phoneNumber && contacts.length < MAX_CONTACTS) contacts.push({ name, phoneNumber });
        }
      }
      pageToken = contacts.length < MAX_CONTACTS ? page.nextPageToken : undefined;
    } while (pageToken);
    return contacts;
  },
});

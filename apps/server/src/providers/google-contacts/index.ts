/** A contact with a phone, read from the host's Google account (People API) with their access token. */
export interface GoogleContact {
  name: string;
  phoneNumber: string;
}

export interface GoogleContactsProvider {
  readonly name: string;
  /** Throws AppError('GOOGLE_TOKEN_REFUSED') when Google refuses the token, GOOGLE_CONTACTS_FAILED when it cannot be reached. */
  listContacts(accessToken: string): Promise<GoogleContact[]>;
}

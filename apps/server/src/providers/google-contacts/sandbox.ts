import { AppError } from '../../platform/errors.js';
import type { GoogleContact, GoogleContactsProvider } from './index.js';

/** Development stand-in for a Google account's contacts: a mix the import must sort out (valid, foreign, duplicate, broken). */
export const SANDBOX_CONTACTS: GoogleContact[] = [
  { name: 'דנה כהן', phoneNumber: '050-123-4501' },
  { name: 'יוסי לוי', phoneNumber: '+972 52-765-4302' },
  { name: 'Miriam Azoulay', phoneNumber: '054 333 2203' },
  { name: 'אבי מזרחי', phoneNumber: '053-444-5504' },
  { name: 'Olga Petrova', phoneNumber: '+7 916 123-45-67' },
  { name: 'سلمى خوري', phoneNumber: '058-222-1106' },
  { name: 'נועה פרץ', phoneNumber: '052-987-6507' },
  { name: 'David Green', phoneNumber: '+1 212 555 0108' },
  { name: 'שירה ביטון', phoneNumber: '050-123-4501' },
  { name: 'רון אלון', phoneNumber: '03-555-1210' },
  { name: 'תמר גולן', phoneNumber: '12345' },
  { name: 'Eitan Shapiro', phoneNumber: '055-678-9012' },
];

/** Any token starting with `sandbox` reads the sample contacts; anything else fails like a refused Google token. */
export const createSandboxGoogleContacts = (): GoogleContactsProvider => ({
  name: 'sandbox',
  async listContacts(accessToken: string): Promise<GoogleContact[]> {
    if (!accessToken.startsWith('sandbox')) throw new AppError('GOOGLE_TOKEN_REFUSED', 'sandbox contacts need a sandbox token');
    return SANDBOX_CONTACTS.map((contact) => ({ ...contact }));
  },
});

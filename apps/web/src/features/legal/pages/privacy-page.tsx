import { LegalDocument } from '../components/legal-document';
import { PRIVACY_SECTIONS } from '../sections';

/** Public at /privacy, for signed-in and signed-out visitors alike. */
export function PrivacyPage() {
  return <LegalDocument doc="privacy" sections={PRIVACY_SECTIONS} />;
}

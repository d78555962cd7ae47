import { LegalDocument } from '../components/legal-document';
import { TERMS_SECTIONS } from '../sections';

/** Public at /terms, for signed-in and signed-out visitors alike. */
export function TermsPage() {
  return <LegalDocument doc="terms" sections={TERMS_SECTIONS} />;
}

/** /terms-and-conditions and /privacy-policy: written in features/content/legal, with the house's own figures. */
export { TermsPage } from '../features/content/legal/terms-page';
export { PrivacyPage } from '../features/content/legal/privacy-page';

/** /faq: the page lives in features/content. */
export { FaqPage } from '../features/content/faq-page';

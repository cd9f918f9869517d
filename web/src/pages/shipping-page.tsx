/** /shipping-info: the page lives in features/content. */
export { ShippingPage } from '../features/content/shipping-page';

/** /checkout and /checkout-success: the checkout feature's pages (web/src/features/checkout). */
export { CheckoutPage } from '../features/checkout/checkout-page';
export { CheckoutSuccessPage } from '../features/checkout/success-page';

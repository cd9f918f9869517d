/**
 * The addresses slice: the user's address book, countries with their regions and shipping zones, currencies and
 * the shipping estimate of a lot (docs/checkout-api.md, docs/checkout.md "Addresses and countries").
 */
import type { Feature } from '../features';
import { addressRoutes } from './address-routes';
import { countryRoutes } from './country-routes';

export const addressesFeature: Feature = {
  name: 'addresses',
  routes(app, ctx) {
    addressRoutes(app, ctx);
    countryRoutes(app, ctx);
  },
};

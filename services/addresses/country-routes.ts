/**
 * Countries, regions, currencies and shipping (docs/checkout-api.md): public reference data, plus the shipping
 * estimate of one lot to a country (the lot page). Zones and prices are the domain's (domain/checkout/).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { orNotFound } from '../../infra/http/validation';
import { answers } from '../../infra/http/answers';
import { countryAnswer, currencyAnswer, divisionsAnswer, shippingCountryAnswer, shippingEstimateAnswer } from './answers';
import { NotFound, ValidationError } from '../../domain/shared/errors';
import { penceToDecimal } from '../../domain/shared/money';
import { UNITED_KINGDOM } from '../../domain/addresses/countries';
import { COUNTRY_UNKNOWN } from '../../domain/addresses/rules';
import { carrierForCode } from '../../domain/checkout/shipping-zones';
import { CARRIER_PRICES, type DeliverableCarrier } from '../../domain/checkout/shipping';
import { lotCosts } from '../../domain/checkout/lot-costs';
import { countryList, divisions, findCountry, shippingCountryList } from './countries';
import { currencies } from './currencies';
import { defaultShippingCountry } from './queries';

const slugParams = z.object({ countrySlug: z.string().max(100) });
const lotParams = z.object({ lotId: z.string().uuid('Lot not found.') });
const estimateQuery = z.object({ country: z.string().max(100).optional() });

const CARRIERS = Object.entries(CARRIER_PRICES).map(([name, p]) => ({
  name: name as DeliverableCarrier, first_bottle: penceToDecimal(p.first_bottle), each_further: penceToDecimal(p.each_further),
}));

export function countryRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/countries/', { schema: { summary: 'Countries', response: answers({ 200: z.array(countryAnswer) }) } }, async () => countryList());

  app.get('/api/divisions/:countrySlug/', { schema: { summary: "A country's regions", params: slugParams, response: answers({ 200: divisionsAnswer }, 400, 404) } }, async (request) => {
    const { countrySlug } = request.params;
    const country = findCountry(countrySlug.toLowerCase());
    if (!country) throw new NotFound('Country not found.');
    return divisions(country);
  });

  app.get('/api/currencies/', { schema: { summary: 'Currencies', response: answers({ 200: z.array(currencyAnswer) }) } }, async () => currencies());

  app.get('/api/shipping_countries/', { schema: { summary: 'Countries the house ships to', response: answers({ 200: z.array(shippingCountryAnswer) }) } }, async () => shippingCountryList());

  /**
   * One lot to one country: the country asked, else the caller's default shipping address's, else the UK. The
   * insurance is on the lot's price now (hammer once sold, else the current bid, else the opening bid).
   */
  app.get('/api/shipping_estimate/:lotId/', { schema: { summary: 'Shipping estimate for a lot', params: lotParams, querystring: estimateQuery, response: answers({ 200: shippingEstimateAnswer }, 400, 404) } }, async (request) => {
    const lotId = orNotFound(() => request.params.lotId, 'Lot not found.');
    const { country: asked } = request.query;
    const lot = await ctx.db.selectFrom('lots')
      .select(['hammer_price_pence', 'current_price_pence', 'opening_bid_pence', 'vat_enabled']).where('id', '=', lotId).executeTakeFirst();
    if (!lot) throw new NotFound('Lot not found.');
    const slug = asked?.trim().toLowerCase() || (request.user ? await defaultShippingCountry(ctx, request.user.id) : null) || UNITED_KINGDOM;
    const country = findCountry(slug);
    if (!country) throw new ValidationError({ country: [COUNTRY_UNKNOWN] });
    const carrier = carrierForCode(country.code);
    const costs = lotCosts({
      hammer_pence: lot.hammer_price_pence ?? lot.current_price_pence ?? lot.opening_bid_pence, vat_enabled: lot.vat_enabled, carrier,
      payment_method: null, insurance: true,
    });
    return {
      carriers: CARRIERS,
      result: { carrier, amount: penceToDecimal(costs.shipping), insurance: penceToDecimal(costs.insurance), deliverable: costs.deliverable },
    };
  });
}

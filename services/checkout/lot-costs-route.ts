/**
 * POST /api/get_lot_costs/{lotId}/: the buyer's lines for one lot at a given hammer (the lot page's all-in price),
 * priced by domain/checkout/lot-costs.ts. Open to anyone who can see the lot. The country is the one sent, else the
 * caller's default shipping address's, else the United Kingdom.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { answers } from '../../infra/http/answers';
import { lotCostsAnswer } from './answer-schemas';
import { NotFound } from '../../domain/shared/errors';
import { decimalToPence, penceToDecimal } from '../../domain/shared/money';
import { PAYMENT_METHODS } from '../../domain/checkout/types';
import { lotCosts } from '../../domain/checkout/lot-costs';
import { carrierOf } from './addresses';
import { defaultShippingCountry } from '../addresses/queries';
import '../../projections/catalogue/lots/tables';

const DEFAULT_COUNTRY = 'united-kingdom';
const MAX_BID_PENCE = 1_000_000_000;

const params = z.object({ lotId: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const body = z.object({
  bid: z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : v),
    z.union([z.string(), z.number()], { error: 'This field is required' })
      .transform((v, zctx) => {
        const pence = decimalToPence(v);
        if (pence === null || pence <= 0 || pence > MAX_BID_PENCE) {
          zctx.addIssue({ code: 'custom', message: 'Enter a valid amount.' });
          return z.NEVER;
        }
        return pence;
      })),
  country: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().max(100, 'Too long.').optional()),
  payment_method: z.preprocess((v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(PAYMENT_METHODS, { error: 'Choose a payment method.' }).optional()),
  insurance: z.preprocess((v) => (v === null || v === undefined ? true : v), z.boolean({ error: 'Must be true or false.' })),
});

export function lotCostsRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/get_lot_costs/:lotId/', { schema: { summary: 'Costs of one lot (premium, VAT, shipping)', params, body, response: answers({ 200: lotCostsAnswer }, 400, 404) } }, async (request) => {
    const { lotId } = request.params;
    if (!UUID.test(lotId)) throw new NotFound();
    const input = { ...request.body };
    const lot = await ctx.db.selectFrom('lots').select(['id', 'vat_enabled']).where('id', '=', lotId).executeTakeFirst();
    if (!lot) throw new NotFound();
    const country = input.country
      ?? (request.user ? await defaultShippingCountry(ctx, request.user.id) : null)
      ?? DEFAULT_COUNTRY;
    const carrier = carrierOf(country);
    const c = lotCosts({
      hammer_pence: input.bid, vat_enabled: lot.vat_enabled, carrier, payment_method: input.payment_method ?? null, insurance: input.insurance,
    });
    return {
      hammer: penceToDecimal(c.hammer), buyers_premium: penceToDecimal(c.buyers_premium), vat_on_premium: penceToDecimal(c.vat_on_premium),
      vat_on_hammer: penceToDecimal(c.vat_on_hammer), credit_card_surcharge: penceToDecimal(c.credit_card_surcharge),
      insurance: penceToDecimal(c.insurance), shipping: penceToDecimal(c.shipping), carrier, total: penceToDecimal(c.total),
      // Beyond the documented shape: the country priced and whether it can be delivered to.
      country, deliverable: c.deliverable,
    };
  });
}

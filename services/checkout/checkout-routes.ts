/**
 * The read side of the checkout page (docs/checkout-api.md "Checkout"): the caller's won and stored lots, the storage
 * periods, a voucher check and the price of a draft. Nothing here changes state; create_order is services/orders.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { pageAnswer, paginate, pageQuery } from '../../infra/http/pagination';
import { answers } from '../../infra/http/answers';
import { discountAnswer, draftCostsAnswer, storagePeriodAnswer, storedItemSchema, wonItemSchema } from './answer-schemas';
import { NotFound, ValidationError } from '../../domain/shared/errors';
import { penceToDecimal } from '../../domain/shared/money';
import { SERVICES, type Service } from '../../domain/checkout/types';
import { priceSummary } from '../../domain/checkout/price-summary';
import { isDeliverable } from '../../domain/checkout/shipping';
import { storagePeriodOptions } from '../../domain/checkout/storage';
import { VOUCHER_MESSAGES, draftSchema, voucherCode } from './draft-schema';
import { buildCheckout, STORED_LOTS_MESSAGE } from './price-input';
import { storedLots, wonUnpaidLots } from './lot-queries';
import { usableVoucher, voucherValue } from './vouchers';
import { pageOf, storedItemAnswer, summaryAnswer, wonItemAnswer } from './answers';

// `objects` may be left out (or null): won lots only. Optional, so the API document says so too.
export const storagePeriodsBody = z.object({
  objects: z.preprocess((v) => (v === null ? [] : v),
    z.array(z.string().uuid({ message: STORED_LOTS_MESSAGE }), { error: 'Must be a list of lot ids.' }).max(500, 'Too many lots.')).optional(),
});

export const discountBody = z.object({ discount_code: voucherCode });

function serviceOf(params: unknown): Service {
  const service = (params as { service?: string }).service;
  if (!(SERVICES as readonly string[]).includes(service ?? '')) throw new NotFound();
  return service as Service;
}

export function checkoutRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/checkout/won_items/', { schema: { summary: 'Won lots ready for checkout', querystring: pageQuery, response: answers({ 200: pageAnswer(wonItemSchema) }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = { ...request.query };
    const lots = await wonUnpaidLots(ctx.db, user.id);
    return paginate(pageOf(lots, q.page, q.page_size).map(wonItemAnswer), lots.length, q.page, q.page_size, request.url);
  });

  app.get('/api/checkout/items_from_storage/', { schema: { summary: 'Stored lots ready for checkout', querystring: pageQuery, response: answers({ 200: pageAnswer(storedItemSchema) }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = { ...request.query };
    const lots = await storedLots(ctx.db, user.id);
    return paginate(pageOf(lots, q.page, q.page_size).map(storedItemAnswer), lots.length, q.page, q.page_size, request.url);
  });

  // The amount is for the given stored lots plus every won lot (they are in every storage order).
  app.post('/api/checkout/storage_periods/', { schema: { summary: 'Storage periods and fees of lots', body: storagePeriodsBody, response: answers({ 200: z.array(storagePeriodAnswer) }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const { objects } = request.body;
    const won = await wonUnpaidLots(ctx.db, user.id);
    const wonIds = new Set(won.map((lot) => lot.id));
    const others = [...new Set(objects ?? [])].filter((id) => !wonIds.has(id));
    const stored = await storedLots(ctx.db, user.id, others);
    if (stored.length !== others.length) throw new ValidationError({ objects: [STORED_LOTS_MESSAGE] });
    return storagePeriodOptions(won.length + stored.length).map((o) => ({
      key: o.key, value: o.value, amount: penceToDecimal(o.amount_pence), storage_type: o.storage_type,
    }));
  });

  app.post('/api/checkout/check_discount_code/', { schema: { summary: 'Check a discount code', body: discountBody, response: answers({ 200: discountAnswer }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const { discount_code } = request.body;
    const voucher = await usableVoucher(ctx, user.id, discount_code, ctx.clock.now());
    return { discount_code: voucher.code, kind: voucher.kind, value: voucherValue(voucher), detail: VOUCHER_MESSAGES.activated };
  });

  app.post('/api/checkout/:service/check_costs/', { schema: { summary: 'Price a checkout draft', body: draftSchema, response: answers({ 200: draftCostsAnswer }, 400, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const service = serviceOf(request.params);
    const draft = { ...request.body };
    const basis = await buildCheckout(ctx, user.id, service, draft);
    // The carrier that the shipping line is priced for (null unless a deliverable delivery): the page names it.
    const carrier = service === 'delivery' && isDeliverable(basis.input.carrier) ? basis.input.carrier : null;
    return { ...summaryAnswer(priceSummary(basis.input)), carrier };
  });
}

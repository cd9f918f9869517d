/**
 * POST /api/checkout/{service}/create_order/ (docs/checkout-api.md): the draft priced on the server and placed;
 * answers payment HTML (a JSON string, 200) for a card that needs 3-D Secure, else 201 with the order. Sent with an
 * Idempotency-Key, a double click is one order.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { answerIncomplete, sendAnswer } from '../../infra/http/idempotency-keys';
import { z } from 'zod';
import { SERVICES } from '../../domain/checkout/types';
import { orNotFound } from '../../infra/http/validation';
import { JSON_TYPE, jsonString } from '../payments/card-payments';
import { keyedId } from '../../infra/http/keyed-ids';
import { createOrderSchema } from './create-order-schema';
import { CARD_PAYMENT_INTERRUPTED, placeOrder } from './place-order';
import { answers } from '../../infra/http/answers';
import { challengeHtmlAnswer } from '../payments/views';
import { cancelledOwnOrderSchema, createdOrderAnswer, createdOrderSchema } from './answers';
import { cancelOwnOrder } from './cancel-own-order';
import { ORDER_MSG } from '../../domain/orders/messages';

const serviceParams = z.object({ service: z.enum(SERVICES) });
// A malformed id is an order nobody has: 404 (orNotFound), like another user's order.
const orderParams = z.object({ id: z.uuid() });

export function createOrderRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  // Resumable: a retry after a card payment interrupted past the order's commit carries the order on (place-order.ts).
  app.post('/api/checkout/:service/create_order/', { config: { idempotency: 'resumable' }, schema: { summary: 'Place an order for won or stored lots (shipping, collection or storage)', params: serviceParams, body: createOrderSchema(() => ctx.clock.now()), response: answers({ 200: challengeHtmlAnswer, 201: createdOrderSchema, 202: createdOrderSchema }, 400, 401, 404, 409) } }, async (request, reply) => {
    const user = requireUser(request);
    const service = orNotFound(() => request.params.service);
    const body = request.body;
    reply.type(JSON_TYPE);
    return sendAnswer(reply, async () => {
      const placed = await placeOrder(ctx, {
        userId: user.id, service, body,
        orderId: keyedId(ctx, request, 'create_order'),
        paymentId: keyedId(ctx, request, 'create_order_payment'),
        metadata: { user_id: user.id, request_id: request.id },
      });
      if (placed.kind === 'challenge') return { status: 200, body: jsonString(placed.html) };
      if (placed.kind === 'interrupted') {
        // Placed, not paid: a success (the order committed) that the same request again carries on.
        answerIncomplete(request);
        return { status: 202, body: { ...createdOrderAnswer(placed.order, 'awaiting_payment'), detail: CARD_PAYMENT_INTERRUPTED } };
      }
      return { status: 201, body: createdOrderAnswer(placed.order, placed.status) };
    });
  });

  app.post('/api/orders/:id/cancel/', { schema: { summary: 'Cancel your own card order still awaiting payment (its lots come back to the checkout)', params: orderParams, response: answers({ 200: cancelledOwnOrderSchema }, 400, 401, 404, 409, 503) } }, async (request, reply) => {
    const user = requireUser(request);
    const id = orNotFound(() => request.params.id, ORDER_MSG.notFound);
    return sendAnswer(reply, async () => ({ status: 200, body: await cancelOwnOrder(ctx, user.id, id, { user_id: user.id, request_id: request.id }) }));
  });
}

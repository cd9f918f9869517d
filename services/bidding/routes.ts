/** POST /api/bids/ and PATCH /api/update_reserve_price/{id}/ (spec 2, section 7; docs/api.md). */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { orNotFound } from '../../infra/http/validation';
import { awaitViews } from '../../infra/http/read-your-writes';
import { answers } from '../../infra/http/answers';
import { sendDomainError } from '../../infra/http/errors';
import { isRefusal } from './bid-outcome';
import { bidAnswerSchema, reserveAnswer, reserveAnswerSchema } from './bid-answer';
import { bidding } from './bidding';
import { placeBid } from './place-bid';
import { atLotHolder } from './lot-router';
import { bidBody, idempotencyKey, lotParams, reserveBody } from './schemas';

export function biddingRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/bids/', { config: { idempotency: false }, schema: { summary: 'Place a bid (maximum/proxy bid) on a lot', body: bidBody, response: answers({ 201: bidAnswerSchema }, 400, 401, 404, 409) } }, async (request, reply) => {
    const user = requireUser(request);
    const { lot, bid } = request.body;
    const key = idempotencyKey(request.headers['idempotency-key']);
    // Several processes: the bid is decided by the lot's one writer, wherever it runs (docs/scale.md).
    return atLotHolder(ctx, lot, request, reply, async () => {
      const answer = await placeBid(ctx, user, { lotId: lot, pence: bid, idempotencyKey: key, requestId: request.id });
      // A refusal is a value: answered as the error handler would, without throwing through it (bid-outcome.ts).
      if (isRefusal(answer)) return sendDomainError(reply, answer.refused);
      return reply.status(answer.status).send(answer.body);
    });
  });

  app.patch('/api/update_reserve_price/:id/', { schema: { summary: "Change the reserve price of one's own lot", params: lotParams, body: reserveBody, response: answers({ 200: reserveAnswerSchema }, 400, 401, 403, 404, 409) } }, async (request) => {
    const user = requireUser(request);
    const lotId = orNotFound(() => request.params.id, 'Lot not found.');
    const { reserve_price } = request.body;
    const autoBidId = randomUUID();
    const decision = await bidding(ctx).writers.submit(lotId, {
      build: (now) => ({ type: 'ChangeReservePrice', lot_id: lotId, user_id: user.id, reserve_price_pence: reserve_price, auto_bid_id: autoBidId, now }),
      metadata: { user_id: user.id, request_id: request.id },
    });
    // The seller's lists (reserve met / not met) are read models: let the next read see this change (bounded).
    await awaitViews(ctx, decision.append);
    return reserveAnswer(decision.after, user.id);
  });
}

/**
 * GET /api/payments/:id/: what became of one of the caller's card payments, so the client's result screens say
 * what the server knows rather than what the address says (`?registration_fee=true` is only a hint: anyone can type
 * it). Read from the payment's stream (not the read model), so a page that lands right after the return route
 * sees the outcome that route just applied. Another user's payment is "not found", like an unknown one.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { answers } from '../../infra/http/answers';
import { NotFound } from '../../domain/shared/errors';
import { paymentDecider } from '../../domain/payments/decide';
import { paymentStream, type PaymentPurpose } from '../../domain/payments/events';
import { isRefunded, type PaymentState } from '../../domain/payments/state';

const PAYMENT_NOT_FOUND = 'Payment not found.';

const params = z.object({ id: z.string().uuid({ message: PAYMENT_NOT_FOUND }) });

export const paymentStatusView = z.object({
  id: z.string(),
  purpose: z.enum(['registration_fee', 'save_card', 'order'] satisfies PaymentPurpose[]),
  /** pending: waiting for the card check; succeeded: its effect happened (fee paid, card saved, order paid). */
  status: z.enum(['pending', 'succeeded', 'failed']),
  order_id: z.string().nullable(),
  failure_message: z.string().nullable(),
});
type PaymentStatusView = z.infer<typeof paymentStatusView>;

/** The same rule as the return route's redirect: an order payment refunded (or owed back: order cancelled) paid nothing. */
function paymentStatusOf(state: PaymentState): PaymentStatusView['status'] {
  if (state.status === 'succeeded') return state.payment?.purpose === 'order' && isRefunded(state) ? 'failed' : 'succeeded';
  if (state.status === 'failed') return 'failed';
  return 'pending';
}

export function paymentStatusRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/payments/:id/', { schema: { summary: "One of the caller's card payments: pending, succeeded or failed", params, response: answers({ 200: paymentStatusView }, 400, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const { id } = request.params;
    const { state } = await ctx.commands.load(paymentStream(id), paymentDecider);
    const payment = state.payment;
    if (!payment || payment.user_id !== user.id) throw new NotFound(PAYMENT_NOT_FOUND);
    const view: PaymentStatusView = {
      id, purpose: payment.purpose, status: paymentStatusOf(state), order_id: payment.order_id ?? null,
      failure_message: state.failure?.message ?? null,
    };
    return view;
  });
}

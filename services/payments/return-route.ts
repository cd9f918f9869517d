/**
 * Where the provider sends the browser after a 3-D Secure challenge: GET /payments/return/:paymentId. It asks the
 * provider for the outcome (never trusting the browser), applies it to the payment stream exactly once, and sends
 * the browser (303) back to the client: `{return_path}?registration_fee=true|false[&lot=..&bid=..]` or
 * `{return_path}?user_payment_cards=true|false` or `{callback}?create_order=true|false`, each with `&payment={id}`:
 * the client asks GET /api/payments/{id}/ what happened before it says so (the flags are only hints). A second hit
 * appends nothing and redirects the same way. A provider that cannot be asked now sends the browser back as if the
 * challenge were still open (`false`): the client finds the payment pending and says it could not confirm it, and
 * the outcome is applied later (pending-payments.ts, or the abandoned-card sweep for an order).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { NotFound } from '../../domain/shared/errors';
import { answers } from '../../infra/http/answers';
import { isRefunded } from '../../domain/payments/state';
import { paymentDecider } from '../../domain/payments/decide';
import { paymentStream, type PaymentCreated } from '../../domain/payments/events';
import { lastCursor } from '../../infra/commands/multi-stream';
import { applyOutcome } from './apply-outcome';
import { paymentProvider } from './provider';
import { awaitViews } from '../../infra/http/read-your-writes';

const params = z.object({ paymentId: z.string().uuid({ message: 'Not found.' }) });

/** The client page to land on, with the result its shell shows (web/src/state/shell-query.ts). */
export function clientReturnUrl(payment: PaymentCreated['data'], succeeded: boolean): string {
  return `${clientReturnPath(payment, succeeded)}&payment=${payment.payment_id}`;
}

function clientReturnPath(payment: PaymentCreated['data'], succeeded: boolean): string {
  // The return path may carry its own query (e.g. the settings section): the result is added to it.
  const [path, own = ''] = payment.return_path.split('?');
  const query = new URLSearchParams(own);
  if (payment.purpose === 'registration_fee') {
    query.set('registration_fee', String(succeeded));
    if (payment.return_query.lot) query.set('lot', payment.return_query.lot);
    if (payment.return_query.bid) query.set('bid', payment.return_query.bid);
  } else if (payment.purpose === 'order') {
    query.set('create_order', String(succeeded));
  } else {
    query.set('user_payment_cards', String(succeeded));
  }
  return `${path}?${query.toString()}`;
}

export function returnRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/payments/return/:paymentId', { schema: { summary: 'Return from a 3-D Secure challenge (redirects to the client)', params, response: answers({ 303: z.null().meta({ description: 'See Other: Location is the client page that shows the outcome' }) }, 400, 404) } }, async (request, reply) => {
    const { paymentId } = request.params;
    const { state } = await ctx.commands.load(paymentStream(paymentId), paymentDecider);
    const payment = state.payment;
    if (!payment) throw new NotFound('Payment not found.');
    let status = state.status;
    let refunded = isRefunded(state);
    if (status === 'created' || status === 'challenge_required') {
      const result = await paymentProvider(ctx).getPayment(payment.provider_ref).catch((err: unknown) => {
        request.log.warn({ err, payment_id: paymentId }, 'payment return: the provider could not be asked; left pending');
        return null;
      });
      if (result) {
        const applied = await applyOutcome(ctx, paymentId, null, result, { user_id: payment.user_id, request_id: request.id });
        status = applied.state.status;
        refunded = isRefunded(applied.state);
        // The client reads the fee status or the cards as soon as it lands: the read models show them first.
        const cursor = lastCursor(applied.appends);
        await awaitViews(ctx, cursor);
      }
    }
    // An order payment refunded, or owed back (its order was cancelled meanwhile), did not pay the order.
    const paid = status === 'succeeded' && !(payment.purpose === 'order' && refunded);
    return reply.redirect(clientReturnUrl(payment, paid), 303);
  });
}

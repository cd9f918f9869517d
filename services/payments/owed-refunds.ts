/**
 * Refunds the house owes (PaymentRefundDecided: a success for an order cancelled meanwhile, a fee paid twice), made
 * through the provider and recorded (PaymentRefunded). The request that decided a refund tries it at once; when the
 * provider fails, or the process dies first, the refund stays owed and this worker makes it, every 30 s, oldest first.
 * The provider's refund is keyed by the payment (`refund-<payment id>`), so two makers of one refund (the request and
 * the worker, two processes) give the money back once, and the second records nothing.
 */
import type { AppContext } from '../context';
import type { AppendResult, EventMetadata } from '../../infra/event-store/types';
import { PeriodicTask } from '../../infra/workers/periodic-task';
import { paymentDecider } from '../../domain/payments/decide';
import { paymentStream } from '../../domain/payments/events';
import type { PaymentState } from '../../domain/payments/state';
import { paymentProvider } from './provider';
import '../../projections/payments/tables';

const PASS_EVERY_MS = 30_000;
const PER_PASS = 100;
const WORKER = { user_id: 'system' };

/** Makes the refund this payment owes, if any; answers the payment as it then stands. */
export async function makeOwedRefund(ctx: AppContext, paymentId: string, metadata: EventMetadata): Promise<{ state: PaymentState; append: AppendResult | null }> {
  const stream = paymentStream(paymentId);
  const { state } = await ctx.commands.load(stream, paymentDecider);
  if (!state.refund_due || !state.payment) return { state, append: null };
  const made = await paymentProvider(ctx).refund(state.payment.provider_ref, state.refund_due.amount_pence, `refund-${paymentId}`);
  const recorded = await ctx.commands.handle(stream, paymentDecider, { type: 'RecordRefund', refund_ref: made.refund_ref, now: ctx.clock.now().toISOString() }, metadata);
  return { state: recorded.state, append: recorded.append };
}

/** The request's own attempt: a failure is logged and left to the worker (the refund is owed either way). */
export async function tryOwedRefund(ctx: AppContext, paymentId: string, metadata: EventMetadata): Promise<{ state: PaymentState; append: AppendResult | null } | null> {
  try {
    return await makeOwedRefund(ctx, paymentId, metadata);
  } catch (err) {
    ctx.log.warn({ err, payment_id: paymentId }, 'owed refund not made yet: the owed-refunds worker will retry it');
    return null;
  }
}

/** One pass: every owed refund the read model shows, oldest first; answers the payments refunded. */
export async function makeOwedRefunds(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db.selectFrom('payments').select('id').where('refund_due_pence', '>', 0).orderBy('created_at').limit(PER_PASS).execute();
  const refunded: string[] = [];
  for (const { id } of rows) {
    const made = await tryOwedRefund(ctx, id, WORKER);
    if (made?.append) refunded.push(id);
  }
  return refunded;
}

/** The worker of a running server (paymentsFeature.start / stop). */
export const owedRefundsWorker = (ctx: AppContext) => new PeriodicTask('owed refunds', PASS_EVERY_MS, () => makeOwedRefunds(ctx), ctx.log);

/**
 * Fee payments and card checks whose 3-D Secure return never reached us: the buyer completed the challenge at the
 * bank and closed the window before the redirect, or the return failed. The provider has the outcome (a fee may have
 * been charged), so every minute a payment still pending two minutes after it was made is looked up and the
 * provider's decided outcome applied, as the return would have (applyOutcome: exactly once, whoever applies it
 * first). Order payments are the abandoned-card sweep's (services/orders/abandoned-card-orders.ts) while their order
 * awaits payment: it settles the order or cancels it after 30 minutes. One still pending after that (the buyer
 * finished the bank's check later and never came back) is this pass's too, so a success on a cancelled order is
 * refunded rather than left with the provider. A payment requested whose answer never came (a timeout after the card
 * was charged, and no retry) is found by its key the same way. A payment the provider still waits on stays pending; one the provider
 * cannot be asked about now is tried at the next pass, and holds up no other.
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { eachOnItsOwn, PeriodicTask } from '../../infra/workers/periodic-task';
import { paymentDecider } from '../../domain/payments/decide';
import { paymentStream, type PaymentRequested } from '../../domain/payments/events';
import { isPending, type PaymentState } from '../../domain/payments/state';
import { applyOutcome } from './apply-outcome';
import { paymentProvider } from './provider';
import '../../projections/payments/tables';

/** Long enough for a normal return to arrive first (the return applies it then; this pass would find it decided). */
const RETURN_GRACE_MS = 2 * 60_000;
/** Past the abandoned-card sweep's 30 minutes and its next pass: the order is settled or cancelled by then. */
const ORDER_GRACE_MS = 35 * 60_000;
const PASS_EVERY_MS = 60_000;
const PER_PASS = 100;

/** One pass; answers the ids of the payments it decided. */
export async function reconcilePendingPayments(ctx: AppContext): Promise<string[]> {
  const now = ctx.clock.now().getTime();
  const rows = await ctx.db.selectFrom('payments').select('id')
    .where('status', 'in', ['requested', 'created', 'challenge_required'])
    .where((eb) => eb.or([
      eb.and([eb('purpose', 'in', ['registration_fee', 'save_card']), eb('created_at', '<=', new Date(now - RETURN_GRACE_MS))]),
      eb.and([eb('purpose', '=', 'order'), eb('created_at', '<=', new Date(now - ORDER_GRACE_MS))]),
    ]))
    .orderBy('created_at').limit(PER_PASS).execute();
  return eachOnItsOwn(rows.map((r) => r.id), (id) => settlePendingPayment(ctx, id, { user_id: 'system' }),
    (err, id) => ctx.log.warn({ err, payment_id: id }, 'pending payment not reconciled: the next pass tries again'));
}

/**
 * Asks the provider about a recorded payment still pending and applies its outcome once it is decided (this pass,
 * and the abandoned-card sweep for an order's); false when there is nothing to apply (not pending, a challenge still
 * open, or nothing taken). A payment requested whose answer never came is looked up by its key: made, it is recorded
 * as the request said, with the outcome it has; never made, its request is recorded as lapsed (nothing was charged).
 * Throws when the provider cannot be asked.
 */
export async function settlePendingPayment(ctx: AppContext, paymentId: string, metadata: EventMetadata): Promise<boolean> {
  return settlePayment(ctx, (await ctx.commands.load(paymentStream(paymentId), paymentDecider)).state, metadata);
}

/** settlePendingPayment for a payment whose state the caller has already read. */
export async function settlePayment(ctx: AppContext, state: PaymentState, metadata: EventMetadata): Promise<boolean> {
  if (state.status === 'requested' && state.request) return settleRequest(ctx, state.request, metadata);
  if (!state.payment || !isPending(state)) return false;
  const result = await paymentProvider(ctx).getPayment(state.payment.provider_ref);
  if (!result || result.status === 'requires_action') return false;
  await applyOutcome(ctx, state.payment.payment_id, null, result, metadata);
  return true;
}

async function settleRequest(ctx: AppContext, request: PaymentRequested['data'], metadata: EventMetadata): Promise<boolean> {
  const paymentId = request.payment_id;
  const found = await paymentProvider(ctx).findPayment(paymentId);
  if (!found) {
    await ctx.commands.handle(paymentStream(paymentId), paymentDecider, { type: 'RecordRequestLapsed', now: ctx.clock.now().toISOString() }, metadata);
    ctx.log.info({ payment_id: paymentId, purpose: request.purpose }, 'card payment request lapsed: the provider has no payment by its key');
    return false;
  }
  // Money may have moved without our knowing: worth an operator's eye (the payment is recorded now, as it stands).
  ctx.log.warn({ payment_id: paymentId, purpose: request.purpose, status: found.status }, 'card payment whose answer was lost found at the provider: recorded');
  const { at: _requestedAt, ...asked } = request;
  // Its challenge still open, it is recorded pending: the outcome it gets later lands on it (the next pass).
  await applyOutcome(ctx, paymentId, { ...asked, provider_ref: found.provider_ref }, found, metadata);
  return found.status !== 'requires_action';
}

/** The worker of a running server (paymentsFeature.start / stop). */
export const pendingPaymentsWorker = (ctx: AppContext) =>
  new PeriodicTask('pending payments', PASS_EVERY_MS, () => reconcilePendingPayments(ctx), ctx.log);

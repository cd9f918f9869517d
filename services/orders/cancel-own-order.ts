/**
 * POST /api/orders/{id}/cancel/: a buyer gives up their own card order still awaiting payment (its payment was
 * interrupted, or the bank's check was left open), so its lots come back to the checkout at once instead of after the
 * 30-minute sweep. Settled exactly as the sweep settles it (settle-card-order.ts): the provider is asked first, so a
 * payment that went through pays the order rather than being cancelled under it, and a challenge completed later is
 * refunded. docs/checkout.md, "A buyer cancelling their own card order".
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { DomainError, Unavailable } from '../../domain/shared/errors';
import { checkBuyerCancel } from '../../domain/orders/cancel-order';
import { ORDER_MSG } from '../../domain/orders/messages';
import { orderDecider } from '../../domain/orders/decide';
import { orderStream } from '../../domain/orders/events';
import { loadOrder } from './order-streams';
import { settleCardOrder } from './settle-card-order';
import type { CancelledOwnOrder } from './answers';

export const PROVIDER_UNREACHABLE = 'We could not check this order\'s card payment with the bank just now. Please try again in a moment.';
const RETRY_AFTER_S = 5;

export async function cancelOwnOrder(ctx: AppContext, userId: string, orderId: string, metadata: EventMetadata): Promise<CancelledOwnOrder> {
  checkBuyerCancel((await ctx.commands.load(orderStream(orderId), orderDecider)).state, userId);
  try {
    await settleCardOrder(ctx, orderId, { reason: ORDER_MSG.cancelledByBuyer, by: userId }, metadata);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    ctx.log.warn({ err: error, order_id: orderId }, 'a buyer\'s card order could not be settled: the provider or the database failed');
    throw new Unavailable(RETRY_AFTER_S, PROVIDER_UNREACHABLE);
  }
  const { state, order } = await loadOrder(ctx, orderId);
  const ref = order.order_number;
  const msg = state.status === 'cancelled'
    ? `Order ${ref} is cancelled.${order.lots.length + order.stored_lot_ids.length > 0 ? ' Its lots are back in your checkout.' : ''}`
    : `The card payment for order ${ref} went through, so the order is paid and not cancelled.`;
  return { id: orderId, reference_no: ref, status: state.status, msg };
}

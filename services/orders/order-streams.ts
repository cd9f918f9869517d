/**
 * Running the order settlement workflow (domain/orders/settlement/run.ts) over every stream an order touches, in one
 * transaction (handleMany). Streams are listed in id order, so two transactions touching the same streams take their locks in
 * the same order.
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { handleMany, lastCursor, type MultiOutcome, type StreamRef } from '../../infra/commands/multi-stream';
import { orderDecider } from '../../domain/orders/decide';
import { lotPurchaseDecider } from '../../domain/orders/lot-purchase-decide';
import { voucherDecider } from '../../domain/orders/voucher/decide';
import { walletDecider } from '../../domain/wallet/decide';
import { orderStream, type OrderPlaced } from '../../domain/orders/events';
import { orderStreamIds, type PlacedOrder } from '../../domain/orders/settlement/streams';
import { StreamBatch } from '../../domain/shared/stream-batch';
import { NotFound } from '../../domain/shared/errors';
import { ORDER_MSG } from '../../domain/orders/messages';
import type { OrderState } from '../../domain/orders/state';
import { awaitViews } from '../../infra/http/read-your-writes';

/** The decider of one of an order's streams, by its prefix (`lot-purchase-` before anything shorter). */
function streamRef(streamId: string): StreamRef {
  if (streamId.startsWith('lot-purchase-')) return { streamId, decider: lotPurchaseDecider };
  if (streamId.startsWith('order-')) return { streamId, decider: orderDecider };
  if (streamId.startsWith('wallet-')) return { streamId, decider: walletDecider };
  if (streamId.startsWith('voucher-')) return { streamId, decider: voucherDecider };
  throw new Error(`no decider for stream ${streamId}`);
}

function orderStreamRefs(order: PlacedOrder): StreamRef[] {
  return orderStreamIds(order).sort().map(streamRef);
}

/** Decides with a batch over the order's streams and appends everything at once; resolves once the read models show it. */
export async function runOrderBatch<R>(
  ctx: AppContext, order: PlacedOrder, decide: (batch: StreamBatch) => R, metadata: EventMetadata,
): Promise<MultiOutcome<R>> {
  const outcome = await handleMany(ctx, orderStreamRefs(order), (states) => {
    const batch = new StreamBatch(states);
    const result = decide(batch);
    return { events: batch.events, result };
  }, metadata);
  const cursor = lastCursor(outcome.appends);
  await awaitViews(ctx, cursor);
  return outcome;
}

/** An order's card payment decides on the order's streams too (services/payments/apply-outcome.ts). */
export interface OrderPaymentPlan { order: OrderPlaced['data']; streams: StreamRef[] }

export async function orderPaymentPlan(ctx: Pick<AppContext, 'commands'>, orderId: string): Promise<OrderPaymentPlan> {
  const { order } = await loadOrder(ctx, orderId);
  return { order, streams: orderStreamRefs(order) };
}

/** An order as placed (404 when there is none). */
export async function loadOrder(ctx: Pick<AppContext, 'commands'>, orderId: string): Promise<{ state: OrderState; order: OrderPlaced['data'] }> {
  const { state } = await ctx.commands.load(orderStream(orderId), orderDecider);
  if (!state.order) throw new NotFound(ORDER_MSG.notFound);
  return { state, order: state.order };
}

/**
 * POST /api/sell_request/?type=from_storage: bottles the seller bought and holds in the house's storage go straight
 * back into a coming auction. In ONE transaction (handleMany): the request with each item consigned, a new lot per
 * item (ConsignLot; seller = the user; the item's fields copied from the bought lot) and each bought lot leaving
 * storage (LeaveStorage, the request's id in place of an order's). The notification `relist_request_success`
 * follows from the request's SellRequestSubmitted event (projections/notifications).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { parseBody } from '../../infra/http/validation';
import { requireUser } from '../../infra/http/auth';
import { handleMany, type StreamRef } from '../../infra/commands/multi-stream';
import type { DomainEvent } from '../../infra/event-store/types';
import { ValidationError } from '../../domain/shared/errors';
import { lotDecider } from '../../domain/catalogue/lot/decide';
import type { LotState } from '../../domain/catalogue/lot/state';
import { lotPurchaseDecider } from '../../domain/orders/lot-purchase-decide';
import { isStoredFor, type LotPurchaseState } from '../../domain/orders/lot-purchase-state';
import { lotPurchaseStream } from '../../domain/orders/events';
import { sellRequestDecider } from '../../domain/selling/sell-requests/decide';
import { sellRequestStream, type SellItem } from '../../domain/selling/sell-requests/events';
import { lotStream } from '../catalogue/streams';
import { fromStorageBody } from './schemas';
import { nextSellReference, settled, targetAuction } from './common';
import type { RelistAnswer } from './views';
import { reserveLotReferenceNos } from '../catalogue/lots/reference-numbers';

export const NOT_IN_STORAGE = 'Some of these lots are not in your storage.';

export async function submitFromStorage(ctx: AppContext, request: FastifyRequest): Promise<RelistAnswer> {
  const user = requireUser(request);
  const body = parseBody(fromStorageBody, request.body);
  const auction = await targetAuction(ctx, body.auction_id, 'auction_id', 'deadline');
  const requestId = randomUUID();
  const reference = await nextSellReference(ctx);
  const refs = await reserveLotReferenceNos(ctx, auction, body.items.length);
  const plan = body.items.map((sourceId, i) => ({ sourceId, itemId: randomUUID(), lotId: randomUUID(), referenceNo: refs[i] }));

  const streams: StreamRef[] = [
    { streamId: sellRequestStream(requestId), decider: sellRequestDecider },
    ...plan.flatMap((p) => [
      { streamId: lotPurchaseStream(p.sourceId), decider: lotPurchaseDecider },
      { streamId: lotStream(p.sourceId), decider: lotDecider },
      { streamId: lotStream(p.lotId), decider: lotDecider },
    ]),
  ];
  const now = ctx.clock.now().toISOString();
  const outcome = await handleMany(ctx, streams, (states) => {
    const events: Record<string, DomainEvent[]> = {};
    const items: SellItem[] = [];
    const lots: { lot_id: string; title: string }[] = [];
    for (const p of plan) {
      const purchase = states[lotPurchaseStream(p.sourceId)] as LotPurchaseState;
      const bought = states[lotStream(p.sourceId)] as LotState;
      if (!isStoredFor(purchase, user.id) || !bought.item) throw new ValidationError({ items: [NOT_IN_STORAGE] });
      const item = bought.item;
      items.push({
        item_id: p.itemId, title: item.title, distillery: item.distillery?.name ?? null, type: item.type, age: item.age, volume_ml: item.volume_ml,
        abv: item.abv, quantity: 1, description: item.description || null, estimate_low_pence: item.estimated_value_pence, estimate_high_pence: null,
        source_lot_id: p.sourceId,
      });
      lots.push({ lot_id: p.lotId, title: item.title });
      events[lotStream(p.lotId)] = lotDecider.decide({
        type: 'ConsignLot', lot_id: p.lotId, auction_id: auction.id, seller_id: user.id, reference_no: p.referenceNo, item,
        reserve_price_pence: null, reserve_fee_pence: 0, opening_bid_pence: null, vat_enabled: false, warehouse: null, is_group_lot: false,
        group_items: [], custom_title: null, custom_subtitle: null, custom_description: null, featured: false,
        starts_at: auction.start_date.toISOString(), ends_at: auction.end_date.toISOString(), by: user.id, now,
      }, states[lotStream(p.lotId)] as LotState);
      events[lotPurchaseStream(p.sourceId)] = lotPurchaseDecider.decide({ type: 'LeaveStorage', lot_id: p.sourceId, order_id: requestId, now }, purchase);
    }
    events[sellRequestStream(requestId)] = sellRequestDecider.decide({
      type: 'SubmitSellRequest', request_id: requestId, reference, user_id: user.id, kind: 'from_storage', delivery: null,
      auction: { id: auction.id, bottles_add_deadline: auction.bottles_add_deadline.toISOString() }, items, address: null, note: null,
      valuation_id: null, payout_method_id: null, boxes: null, insurance: null, pick_up_date: null,
      consigned_lots: Object.fromEntries(plan.map((p) => [p.itemId, p.lotId])), now,
    }, states[sellRequestStream(requestId)] as never);
    return { events, result: lots };
  }, { user_id: user.id, request_id: request.id });
  await settled(ctx, outcome.appends);
  return { id: requestId, reference, status: 'consigned', lots: outcome.result };
}

/**
 * Staff handling of sell requests (staff only: 403 for anyone else): the list by status, consigning an item as a lot
 * (seller = the request's user), and relisting or returning a lot that closed unsold; receiving an item with a
 * condition note and photos is in receive.ts. Every action is an event carrying the staff member's id (`by`); lot and request change in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { parseBody } from '../../infra/http/validation';
import { answers, messageAnswer } from '../../infra/http/answers';
import { requireStaff } from '../../infra/http/auth';
import { handleMany, type StreamRef } from '../../infra/commands/multi-stream';
import type { DomainEvent } from '../../infra/event-store/types';
import { idOr404 } from '../catalogue/http';
import { lotStream } from '../catalogue/streams';
import { consignBody, toApiFieldErrors, toConsignCommand } from '../catalogue/lots/consign-input';
import { NotFound } from '../../domain/shared/errors';
import { lotDecider } from '../../domain/catalogue/lot/decide';
import type { LotState } from '../../domain/catalogue/lot/state';
import { sellRequestDecider } from '../../domain/selling/sell-requests/decide';
import { unsoldLotDecider, type UnsoldLotState } from '../../domain/selling/sell-requests/unsold-lot';
import { sellRequestStream, unsoldLotStream, type SellItem } from '../../domain/selling/sell-requests/events';
import type { SellRequestState } from '../../domain/selling/sell-requests/state';
import { SELL_MSG } from '../../domain/selling/sell-requests/messages';
import { consignItemBody, relistBody, returnBody, statusQuery } from './schemas';
import { settled, targetAuction } from './common';
import { reserveLotReferenceNos } from '../catalogue/lots/reference-numbers';
import { lotMade, staffRequests, staffSellRequestView } from './views';
import '../../projections/catalogue/lots/tables';

const metadataOf = (request: FastifyRequest, staffId: string) => ({ user_id: staffId, request_id: request.id });

async function requestItem(ctx: AppContext, requestId: string, itemId: string) {
  const row = await ctx.db.selectFrom('sell_request_items as i').innerJoin('sell_requests as r', 'r.id', 'i.request_id')
    .select(['r.user_id', 'i.details', 'i.id']).where('r.id', '=', requestId).where('i.id', '=', itemId).executeTakeFirst();
  if (!row) throw new NotFound(SELL_MSG.itemNotFound);
  return row;
}

/** The staff form's fields, the item's where left out (money in pounds, as the staff lot form takes it). */
function prefilled(body: Record<string, unknown>, item: SellItem, sellerId: string, auctionId: string) {
  const pounds = (pence: number | null) => (pence === null ? undefined : (pence / 100).toFixed(2));
  return {
    auction: auctionId, seller: sellerId, title: item.title, description: item.description ?? '', type: item.type ?? 'bottle',
    distillery: { name: item.distillery ?? 'Unknown', region: null }, age: item.age, volume_ml: item.volume_ml, abv: item.abv,
    estimated_value: pounds(item.estimate_low_pence) ?? '0', ...Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== undefined && k !== 'auction_id')),
  };
}

/** Ids in the path are checked where they are read (each has its own "not found"). */
const lotParams = z.object({ id: z.string() });
const itemParams = z.object({ id: z.string(), itemId: z.string() });
const lotAnswers = answers({ 201: lotMade }, 400, 401, 403, 404, 409);

export function staffSellRequestRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/staff/sell_requests/', { schema: { summary: 'Staff: list sell requests', querystring: statusQuery, response: answers({ 200: z.object({ results: z.array(staffSellRequestView) }) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const { status } = request.query;
    return { results: await staffRequests(ctx, status) };
  });

  app.post('/api/staff/sell_requests/:id/items/:itemId/consign/', { schema: { summary: 'Staff: consign a received item as a lot', params: itemParams, body: consignItemBody, response: lotAnswers } }, async (request, reply) => {
    const staff = requireStaff(request);
    const requestId = idOr404(request.params.id, SELL_MSG.notFound);
    const itemId = idOr404(request.params.itemId, SELL_MSG.itemNotFound);
    const raw = request.body;
    const item = await requestItem(ctx, requestId, itemId);
    const auction = await targetAuction(ctx, raw.auction_id, 'auction_id', 'not_started');
    const body = parseBody(consignBody, prefilled(raw, item.details, item.user_id, auction.id));
    const lotId = randomUUID();
    const [referenceNo] = await reserveLotReferenceNos(ctx, auction, 1);
    const now = ctx.clock.now();
    const consign = toConsignCommand(body, { lotId, referenceNo, auctionStart: auction.start_date, auctionEnd: auction.end_date, staffId: staff.id, now, newId: randomUUID });
    const streams: StreamRef[] = [{ streamId: sellRequestStream(requestId), decider: sellRequestDecider }, { streamId: lotStream(lotId), decider: lotDecider }];
    const outcome = await handleMany(ctx, streams, (states) => {
      const request = sellRequestDecider.decide({ type: 'ConsignSellRequestItem', request_id: requestId, item_id: itemId, lot_id: lotId, auction_id: auction.id,
        by: staff.id, now: now.toISOString(), relist_of: null }, states[sellRequestStream(requestId)] as SellRequestState);
      const lot = lotDecider.decide(consign, states[lotStream(lotId)] as LotState);
      return { events: { [sellRequestStream(requestId)]: request, [lotStream(lotId)]: lot }, result: lotId };
    }, metadataOf(request, staff.id)).catch((e) => {
      throw toApiFieldErrors(e);
    });
    await settled(ctx, outcome.appends);
    return reply.status(201).send({ lot_id: lotId });
  });

  app.post('/api/staff/lots/:id/relist/', { schema: { summary: 'Staff: relist an unsold lot', params: lotParams, body: relistBody, response: lotAnswers } }, async (request, reply) => {
    const staff = requireStaff(request);
    const lotId = idOr404(request.params.id, 'Lot not found.');
    const { auction_id } = request.body;
    const lot = await ctx.db.selectFrom('lots').select(['id', 'seller_id', 'outcome', 'reserve_price_pence', 'reserve_fee_pence', 'opening_bid_pence', 'vat_enabled'])
      .where('id', '=', lotId).executeTakeFirst();
    if (!lot) throw new NotFound('Lot not found.');
    const auction = await targetAuction(ctx, auction_id, 'auction_id', 'not_started');
    const [referenceNo] = await reserveLotReferenceNos(ctx, auction, 1);
    const fromRequest = await ctx.db.selectFrom('sell_request_items').select(['id', 'request_id']).where('lot_id', '=', lotId).executeTakeFirst();
    const newLotId = randomUUID();
    const now = ctx.clock.now().toISOString();
    const streams: StreamRef[] = [
      { streamId: unsoldLotStream(lotId), decider: unsoldLotDecider }, { streamId: lotStream(lotId), decider: lotDecider },
      { streamId: lotStream(newLotId), decider: lotDecider },
      ...(fromRequest ? [{ streamId: sellRequestStream(fromRequest.request_id), decider: sellRequestDecider }] : []),
    ];
    const outcome = await handleMany(ctx, streams, (states) => {
      const old = states[lotStream(lotId)] as LotState;
      const events: Record<string, DomainEvent[]> = {};
      events[unsoldLotStream(lotId)] = unsoldLotDecider.decide({ type: 'RelistUnsoldLot', lot_id: lotId, seller_id: lot.seller_id, outcome: old.outcome,
        new_lot_id: newLotId, auction_id: auction.id, by: staff.id, now }, states[unsoldLotStream(lotId)] as UnsoldLotState);
      events[lotStream(newLotId)] = lotDecider.decide({
        type: 'ConsignLot', lot_id: newLotId, auction_id: auction.id, seller_id: lot.seller_id, reference_no: referenceNo, item: old.item!,
        reserve_price_pence: lot.reserve_price_pence, reserve_fee_pence: lot.reserve_fee_pence, opening_bid_pence: lot.opening_bid_pence,
        vat_enabled: lot.vat_enabled, warehouse: null, is_group_lot: false, group_items: [], custom_title: null, custom_subtitle: null,
        custom_description: null, featured: false, starts_at: auction.start_date.toISOString(), ends_at: auction.end_date.toISOString(), by: staff.id, now,
      }, states[lotStream(newLotId)] as LotState);
      if (fromRequest) {
        events[sellRequestStream(fromRequest.request_id)] = sellRequestDecider.decide({ type: 'ConsignSellRequestItem', request_id: fromRequest.request_id,
          item_id: fromRequest.id, lot_id: newLotId, auction_id: auction.id, by: staff.id, now, relist_of: lotId }, states[sellRequestStream(fromRequest.request_id)] as SellRequestState);
      }
      return { events, result: newLotId };
    }, metadataOf(request, staff.id));
    await settled(ctx, outcome.appends);
    return reply.status(201).send({ lot_id: newLotId });
  });

  app.post('/api/staff/lots/:id/return/', { schema: { summary: 'Staff: return an unsold lot to its seller', params: lotParams, body: returnBody, response: answers({ 200: messageAnswer }, 400, 401, 403, 404, 409) } }, async (request) => {
    const staff = requireStaff(request);
    const lotId = idOr404(request.params.id, 'Lot not found.');
    const { note } = request.body;
    const lot = await ctx.db.selectFrom('lots').select(['id', 'seller_id', 'outcome']).where('id', '=', lotId).executeTakeFirst();
    if (!lot) throw new NotFound('Lot not found.');
    const fromRequest = await ctx.db.selectFrom('sell_request_items').select(['id', 'request_id']).where('lot_id', '=', lotId).executeTakeFirst();
    const now = ctx.clock.now().toISOString();
    const streams: StreamRef[] = [
      { streamId: unsoldLotStream(lotId), decider: unsoldLotDecider }, { streamId: lotStream(lotId), decider: lotDecider },
      ...(fromRequest ? [{ streamId: sellRequestStream(fromRequest.request_id), decider: sellRequestDecider }] : []),
    ];
    const outcome = await handleMany(ctx, streams, (states) => {
      const old = states[lotStream(lotId)] as LotState;
      const events: Record<string, DomainEvent[]> = {};
      events[unsoldLotStream(lotId)] = unsoldLotDecider.decide({ type: 'ReturnUnsoldLot', lot_id: lotId, seller_id: lot.seller_id, outcome: old.outcome,
        note, by: staff.id, now }, states[unsoldLotStream(lotId)] as UnsoldLotState);
      if (fromRequest) {
        events[sellRequestStream(fromRequest.request_id)] = sellRequestDecider.decide({ type: 'ReturnSellRequestItem', request_id: fromRequest.request_id,
          item_id: fromRequest.id, lot_id: lotId, note, by: staff.id, now }, states[sellRequestStream(fromRequest.request_id)] as SellRequestState);
      }
      return { events, result: null };
    }, metadataOf(request, staff.id));
    await settled(ctx, outcome.appends);
    return { detail: 'The lot will be returned to its seller.' };
  });
}

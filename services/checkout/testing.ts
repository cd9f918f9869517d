/**
 * Fixtures for the checkout read-side tests (not a test file itself). Won lots, orders and vouchers are made by
 * appending their events (the contract between the write side and these read models): a lot consigned and closed
 * sold to a buyer; an order placed (and paid) with its lot-purchase events; a voucher issued.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext, Clock } from '../context';
import type { AppendResult, NewEvent } from '../../infra/event-store/types';
import type { LotClosed, LotConsigned, LotEvent } from '../../domain/catalogue/lot/events';
import {
  lotPurchaseStream, orderStream, voucherStream,
  type LotPurchaseEvent, type OrderEvent, type OrderLot, type OrderPlaced, type VoucherEvent, type VoucherIssued,
} from '../../domain/orders/events';
import type { PriceSummary } from '../../domain/checkout/types';
import { priceSummary } from '../../domain/checkout/price-summary';
import { lotStream } from '../catalogue/streams';
import { createAuction } from '../bidding/testing';

export const DAY = 86_400_000;

/** A test app, or any context with a clock (the load test seeds through these too). */
interface Fixture { ctx: AppContext; clock: Clock }

async function settled(t: Fixture, appends: AppendResult[]): Promise<void> {
  const last = appends.flatMap((a) => a.events).sort((a, b) => a.position - b.position).at(-1);
  if (last) await t.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
}

const ev = <E extends { type: string; data: unknown }>(e: E): NewEvent<E> => ({ event_id: randomUUID(), type: e.type, data: e.data });

interface WonLotOptions {
  hammerPence: number;
  vatEnabled?: boolean;
  /** When the lot's sale ended, before the clock's now (default 1 day). */
  endedAgoMs?: number;
  title?: string;
  reserveFeePence?: number;
  sellerId?: string;
  photos?: { file: string; title: string }[];
}

export interface WonLot { lotId: string; auctionId: string; sellerId: string; referenceNo: string; title: string; endedAt: string; hammerPence: number; vatEnabled: boolean }

/** A lot consigned and closed sold to `winnerId` (`winnerId` null: closed unsold). */
export async function wonLot(t: Fixture, winnerId: string | null, o: WonLotOptions): Promise<WonLot> {
  const now = t.clock.now().getTime();
  const endedAt = new Date(now - (o.endedAgoMs ?? DAY));
  const auctionId = await createAuction(t.ctx, new Date(endedAt.getTime() - 3_600_000), 3_600_000);
  const lotId = randomUUID();
  const sellerId = o.sellerId ?? randomUUID();
  const referenceNo = `R-${lotId.slice(0, 6).toUpperCase()}`;
  const title = o.title ?? `Test Malt ${lotId.slice(0, 4)}`;
  const consigned: LotConsigned = {
    type: 'LotConsigned',
    data: {
      lot_id: lotId, auction_id: auctionId, seller_id: sellerId, reference_no: referenceNo,
      item: {
        title, subtitle: '70cl, 43%', description: 'A bottle.', distillery: { name: 'Test', region: 'Speyside' }, estimated_value_pence: o.hammerPence,
        photos: o.photos ?? [{ file: `https://img.test/${lotId}.jpg`, title }], type: 'bottle', age: 12, volume_ml: 700, abv: 43,
        cask_type: null, cask_number: null, bottled_at: null, distilled_at: null,
      },
      reserve_price_pence: null, reserve_fee_pence: o.reserveFeePence ?? 0, opening_bid_pence: 1000, vat_enabled: o.vatEnabled ?? false,
      warehouse: null, is_group_lot: false, group_items: [], custom_title: null, custom_subtitle: null, custom_description: null,
      featured: false, starts_at: new Date(endedAt.getTime() - 7 * DAY).toISOString(), ends_at: endedAt.toISOString(),
      next_minimum_bid: 1000, consigned_by: 'staff', consigned_at: new Date(endedAt.getTime() - 8 * DAY).toISOString(),
    },
  };
  const closed: LotClosed = {
    type: 'LotClosed',
    data: {
      lot_id: lotId, auction_id: auctionId, seller_id: sellerId, outcome: winnerId ? 'sold' : 'unsold', winner_id: winnerId,
      hammer_price: winnerId ? o.hammerPence : null, final_price: o.hammerPence, reserve_price_pence: null, bid_count: 3,
      ends_at: endedAt.toISOString(), closed_at: endedAt.toISOString(),
    },
  };
  await settled(t, [await t.ctx.store.append(lotStream(lotId), 'no_stream', [ev<LotEvent>(consigned), ev<LotEvent>(closed)])]);
  return { lotId, auctionId, sellerId, referenceNo, title, endedAt: endedAt.toISOString(), hammerPence: o.hammerPence, vatEnabled: o.vatEnabled ?? false };
}

function orderLotOf(lot: WonLot): OrderLot {
  return {
    lot_id: lot.lotId, seller_id: lot.sellerId, auction_id: lot.auctionId, reference_no: lot.referenceNo, title: lot.title,
    hammer_pence: lot.hammerPence, vat_enabled: lot.vatEnabled, reserve_fee_pence: 0, auction_ended_at: lot.endedAt,
  };
}

export interface PlacedOrder { orderId: string; orderNumber: string; summary: PriceSummary }

let orderSeq = 0;

/**
 * An order as ORDERS-WRITE's create_order records it: OrderPlaced with the priced summary, LotReserved for each won
 * lot; `paid`: OrderPaid and LotPaid (+ LotStorageExtended for `storedUntil`).
 */
export async function placeOrder(t: Fixture, userId: string, lots: WonLot[], o: {
  service?: OrderPlaced['data']['service']; method?: OrderPlaced['data']['payment_method']; paid?: boolean; storedUntil?: string;
  voucher?: { code: string; kind: 'fixed' | 'percent'; value: number }; shippingCountry?: string; storedLotIds?: string[];
} = {}): Promise<PlacedOrder> {
  const orderId = randomUUID();
  const orderNumber = `WA-2026-${String(900000 + ++orderSeq)}`;
  const now = t.clock.now().toISOString();
  const service = o.service ?? 'collection';
  const summary = priceSummary({
    service, won_lots: lots.map((l) => ({ lot_id: l.lotId, hammer_pence: l.hammerPence, vat_enabled: l.vatEnabled, auction_ended_at: l.endedAt })),
    stored_lots: [], carrier: service === 'delivery' ? 'DHL' : null, insurance: service === 'delivery', storage: null,
    payment_method: o.method ?? 'UK_BANK', voucher: o.voucher ?? null, wallet_requested_pence: 0, wallet_balance_pence: 0, now,
  });
  const address = { country: o.shippingCountry ?? 'france', region: '', city: 'Lyon', street: '1 Rue de la Paix', apartment: '', zip_code: '69001' };
  const placed: OrderPlaced = {
    type: 'OrderPlaced',
    data: {
      order_id: orderId, order_number: orderNumber, user_id: userId, service, payment_method: o.method ?? 'UK_BANK', payment_id: null,
      lots: lots.map(orderLotOf), stored_lot_ids: o.storedLotIds ?? [], summary, voucher_code: o.voucher?.code ?? null, storage: null,
      billing_address: { ...address, country: 'united-kingdom', city: 'Edinburgh', zip_code: 'EH1 1AA' },
      shipping_address: service === 'delivery' ? address : null,
      personal_information: { first_name: 'Ada', last_name: 'Buyer', email: 'ada@buyer.test', phone_number: '+44 7700 900123', additional_phone_number: '' },
      note: 'Leave with the neighbour', placed_at: now,
    },
  };
  const orderEvents: OrderEvent[] = [placed];
  if (o.paid) orderEvents.push({ type: 'OrderPaid', data: { order_id: orderId, method: o.method ?? 'UK_BANK', payment_id: null, reference: 'BANK-REF-1', by: 'staff', paid_at: now } });
  const appends = [await t.ctx.store.append(orderStream(orderId), 'no_stream', orderEvents.map(ev))];
  for (const lot of lots) {
    const events: LotPurchaseEvent[] = [{ type: 'LotReserved', data: { lot_id: lot.lotId, order_id: orderId, buyer_id: userId, at: now } }];
    if (o.paid) events.push({ type: 'LotPaid', data: { lot_id: lot.lotId, order_id: orderId, buyer_id: userId, at: now } });
    if (o.paid && o.storedUntil) events.push({ type: 'LotStorageExtended', data: { lot_id: lot.lotId, order_id: orderId, expires_at: o.storedUntil, at: now } });
    appends.push(await t.ctx.store.append(lotPurchaseStream(lot.lotId), 'any', events.map(ev)));
  }
  if (o.voucher) appends.push(await appendVoucher(t, o.voucher.code, [{ type: 'VoucherRedeemed', data: { code: o.voucher.code, user_id: userId, order_id: orderId, discount_pence: summary.voucher_discount_amount, at: now } }]));
  await settled(t, appends);
  return { orderId, orderNumber, summary };
}

export async function appendVoucher(t: Fixture, code: string, events: VoucherEvent[]): Promise<AppendResult> {
  return t.ctx.store.append(voucherStream(code), 'any', events.map(ev));
}

export async function issueVoucher(t: Fixture, code: string, o: Partial<VoucherIssued['data']> = {}): Promise<void> {
  const data: VoucherIssued['data'] = {
    code: code.toUpperCase(), kind: 'fixed', value: 1000, expires_at: null, max_uses: null, once_per_user: false, by: 'staff', at: t.clock.now().toISOString(), ...o,
  };
  await settled(t, [await appendVoucher(t, code, [{ type: 'VoucherIssued', data }])]);
}

export async function appendLotPurchase(t: Fixture, lotId: string, events: LotPurchaseEvent[]): Promise<void> {
  await settled(t, [await t.ctx.store.append(lotPurchaseStream(lotId), 'any', events.map(ev))]);
}

export async function appendOrderEvents(t: Fixture, orderId: string, events: OrderEvent[]): Promise<void> {
  await settled(t, [await t.ctx.store.append(orderStream(orderId), 'any', events.map(ev))]);
}

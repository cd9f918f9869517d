/**
 * What placing, paying and cancelling an order change on every stream involved, decided together (the service
 * appends it all in one transaction with services/commands/multi-stream.ts handleMany):
 *
 * - placed: OrderPlaced; every won lot and included stored lot held (LotReserved); the wallet use debited (kind
 *   'checkout'); the voucher redeemed; and, when nothing is left to pay, paid at once.
 * - paid: OrderPaid; LotPaid for each won lot; storage extended (storage service, every lot) or the stored lots
 *   leaving storage (delivery, collection); the voucher's remainder credited to the buyer; the debt credited back
 *   (wallet settle, kind 'settlement'); each seller credited the hammer with a debit line per fee (settlement.ts).
 * - cancelled (unpaid only): OrderCancelled; the lots released; the wallet use refunded (kind 'refund'); the voucher
 *   use reversed.
 *
 * Wallet entry ids derive from the order (or the lot, for a sale), so a retried decision never moves money twice.
 */
import { storageExpiry } from '../checkout/storage';
import { walletDecider } from '../wallet/decide';
import { walletStream } from '../wallet/events';
import { voucherDecider } from '../voucher/decide';
import type { LotPurchaseState } from './lot-purchase-state';
import { lotPurchaseDecider } from './lot-purchase-decide';
import { orderDecider } from './decide';
import type { PayOrder, PlaceOrder } from './commands';
import { lotPurchaseStream, orderStream, voucherStream, type OrderPlaced } from './events';
import { sellerSettlement } from './settlement';
import type { StreamBatch } from './stream-batch';

export type PlacedOrder = Omit<OrderPlaced['data'], 'placed_at'> & { placed_at?: string };
export type PaymentFacts = Omit<PayOrder, 'type' | 'order_id'>;

const SYSTEM = 'system';

export const walletEntryIds = (orderId: string) => ({
  use: `order-${orderId}-wallet`,
  refund: `order-${orderId}-wallet-refund`,
  voucherRemainder: `order-${orderId}-voucher-remainder`,
  settlement: `order-${orderId}-settlement`,
});

export const saleEntryId = (lotId: string, line: 'proceeds' | 'commission' | 'listing_fee' | 'reserve_fee') =>
  line === 'proceeds' ? `sale-${lotId}` : `sale-${lotId}-${line}`;

/** Every stream an order's placement, payment or cancellation may touch (load them all for handleMany). */
export function orderStreamIds(order: PlacedOrder): string[] {
  const ids = [
    orderStream(order.order_id),
    ...order.lots.map((l) => lotPurchaseStream(l.lot_id)),
    ...order.stored_lot_ids.map(lotPurchaseStream),
    walletStream(order.user_id),
    ...order.lots.map((l) => walletStream(l.seller_id)),
  ];
  if (order.voucher_code) ids.push(voucherStream(order.voucher_code));
  return [...new Set(ids)];
}

/** Returns false when the order was placed already (a retry: everything else was recorded with it). */
export function placeOrderEffects(batch: StreamBatch, command: PlaceOrder): boolean {
  const { order, now } = command;
  if (batch.run(orderStream(order.order_id), orderDecider, command).length === 0) return false;
  for (const lotId of [...order.lots.map((l) => l.lot_id), ...order.stored_lot_ids]) {
    batch.run(lotPurchaseStream(lotId), lotPurchaseDecider, { type: 'ReserveLot', lot_id: lotId, order_id: order.order_id, buyer_id: order.user_id, now });
  }
  const { used_from_wallet: walletUse, voucher_discount_amount: discount, credit_debit_card: toPay } = order.summary;
  if (walletUse > 0) {
    batch.run(walletStream(order.user_id), walletDecider, {
      type: 'DebitWallet', user_id: order.user_id, entry_id: walletEntryIds(order.order_id).use, amount_pence: walletUse, kind: 'checkout',
      description: `Used for order ${order.order_number}`, reference: order.order_id, by: order.user_id, reason: null, now,
    });
  }
  if (order.voucher_code) {
    batch.run(voucherStream(order.voucher_code), voucherDecider, {
      type: 'RedeemVoucher', code: order.voucher_code, user_id: order.user_id, order_id: order.order_id, discount_pence: discount, now,
    });
  }
  if (toPay === 0) payOrderEffects(batch, { ...order, placed_at: now }, { method: 'NONE', payment_id: null, reference: null, by: order.user_id, now });
  return true;
}

export function payOrderEffects(batch: StreamBatch, order: OrderPlaced['data'], paid: PaymentFacts): void {
  const { order_id: orderId, user_id: buyer, order_number: number, summary } = order;
  const { now } = paid;
  batch.run(orderStream(orderId), orderDecider, { type: 'PayOrder', order_id: orderId, ...paid });
  for (const lot of order.lots) {
    batch.run(lotPurchaseStream(lot.lot_id), lotPurchaseDecider, { type: 'PayLot', lot_id: lot.lot_id, order_id: orderId, buyer_id: buyer, now });
  }
  if (order.service === 'storage') {
    // Priced at placement, so the new expiry is computed as of placement too (a bank transfer may arrive days later).
    for (const lot of order.lots) {
      if (!lot.auction_ended_at) throw new Error(`order ${orderId}: lot ${lot.lot_id} has no auction end`);
      const expiresAt = storageExpiry({ auction_ended_at: lot.auction_ended_at }, order.storage, order.placed_at);
      batch.run(lotPurchaseStream(lot.lot_id), lotPurchaseDecider, { type: 'ExtendLotStorage', lot_id: lot.lot_id, order_id: orderId, expires_at: expiresAt, now });
    }
    for (const lotId of order.stored_lot_ids) {
      const current = batch.state<LotPurchaseState>(lotPurchaseStream(lotId)).storageExpiresAt;
      if (!current) throw new Error(`order ${orderId}: stored lot ${lotId} has no storage expiry`);
      const expiresAt = storageExpiry({ storage_expires_at: current }, order.storage, order.placed_at);
      batch.run(lotPurchaseStream(lotId), lotPurchaseDecider, { type: 'ExtendLotStorage', lot_id: lotId, order_id: orderId, expires_at: expiresAt, now });
    }
  } else {
    for (const lotId of order.stored_lot_ids) {
      batch.run(lotPurchaseStream(lotId), lotPurchaseDecider, { type: 'LeaveStorage', lot_id: lotId, order_id: orderId, now });
    }
  }
  const ids = walletEntryIds(orderId);
  const credit = (entry_id: string, amount: number, kind: 'voucher_remainder' | 'settlement', description: string, reference: string) =>
    batch.run(walletStream(buyer), walletDecider, {
      type: 'CreditWallet', user_id: buyer, entry_id, amount_pence: amount, kind, description, reference, by: SYSTEM, reason: null, now,
    });
  if (summary.voucher_remainder_amount > 0 && order.voucher_code) {
    credit(ids.voucherRemainder, summary.voucher_remainder_amount, 'voucher_remainder', `Voucher ${order.voucher_code}: the part above order ${number}`, order.voucher_code);
  }
  if (order.service === 'wallet_settle' && summary.debt > 0) {
    credit(ids.settlement, summary.debt, 'settlement', `Wallet settled by order ${number}`, orderId);
  }
  for (const lot of order.lots) settleSale(batch, lot, now);
}

function settleSale(batch: StreamBatch, lot: OrderPlaced['data']['lots'][number], now: string): void {
  const seller = lot.seller_id;
  const { proceeds, fees } = sellerSettlement(lot);
  if (proceeds.amount_pence <= 0) return;
  batch.run(walletStream(seller), walletDecider, {
    type: 'CreditWallet', user_id: seller, entry_id: saleEntryId(lot.lot_id, 'proceeds'), amount_pence: proceeds.amount_pence,
    kind: 'seller_proceeds', description: proceeds.description, reference: lot.lot_id, by: SYSTEM, reason: null, now,
  });
  for (const fee of fees) {
    batch.run(walletStream(seller), walletDecider, {
      type: 'DebitWallet', user_id: seller, entry_id: saleEntryId(lot.lot_id, fee.kind), amount_pence: fee.amount_pence, kind: 'fee',
      description: fee.description, reference: lot.lot_id, by: SYSTEM, reason: null, now,
    });
  }
}

export function cancelOrderEffects(batch: StreamBatch, order: OrderPlaced['data'], cancel: { reason: string; by: string; now: string }): void {
  const { order_id: orderId, user_id: buyer } = order;
  const { now } = cancel;
  const cancelled = batch.run(orderStream(orderId), orderDecider, { type: 'CancelOrder', order_id: orderId, ...cancel });
  if (cancelled.length === 0) return;
  for (const lotId of [...order.lots.map((l) => l.lot_id), ...order.stored_lot_ids]) {
    batch.run(lotPurchaseStream(lotId), lotPurchaseDecider, { type: 'ReleaseLotReservation', lot_id: lotId, order_id: orderId, now });
  }
  if (order.summary.used_from_wallet > 0) {
    batch.run(walletStream(buyer), walletDecider, {
      type: 'CreditWallet', user_id: buyer, entry_id: walletEntryIds(orderId).refund, amount_pence: order.summary.used_from_wallet, kind: 'refund',
      description: `Refund of the wallet use of cancelled order ${order.order_number}`, reference: orderId, by: SYSTEM, reason: null, now,
    });
  }
  if (order.voucher_code) {
    batch.run(voucherStream(order.voucher_code), voucherDecider, { type: 'ReverseVoucherRedemption', code: order.voucher_code, order_id: orderId, now });
  }
}

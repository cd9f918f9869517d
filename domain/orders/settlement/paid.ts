/**
 * An order paid (by card, by bank or in store, or with nothing left to pay): LotPaid for each won lot; storage
 * extended (storage service, every lot) or the stored lots leaving storage (delivery, collection); the voucher's
 * remainder credited to the buyer; the debt credited back (wallet settle, kind 'settlement'); each seller credited the
 * hammer with a debit line per fee (sale.ts).
 */
import { storageExpiry } from '../../checkout/storage';
import type { OrderPaid, OrderPlaced } from '../events';
import { walletEntryIds } from './entry-ids';
import { SYSTEM, toLot, toWallet, type SettlementOutput } from './outputs';
import { saleLines } from './sale';
import { placedOrder, type SettlementState } from './state';

type Order = OrderPlaced['data'];

export function onOrderPaid(paid: OrderPaid['data'], state: SettlementState): SettlementOutput[] {
  const order = placedOrder(state);
  const now = paid.paid_at;
  const lotsPaid = order.lots.map((lot) => toLot({ type: 'PayLot', lot_id: lot.lot_id, order_id: order.order_id, buyer_id: order.user_id, now }));
  return [...lotsPaid, ...storage(order, state, now), ...buyerCredits(order, now), ...order.lots.flatMap((lot) => saleLines(lot, now))];
}

function storage(order: Order, state: SettlementState, now: string): SettlementOutput[] {
  const { order_id: orderId } = order;
  if (order.service !== 'storage') {
    return order.stored_lot_ids.map((lotId) => toLot({ type: 'LeaveStorage', lot_id: lotId, order_id: orderId, now }));
  }
  // Priced at placement, so the new expiry is computed as of placement too (a bank transfer may arrive days later).
  const extend = (lotId: string, expiresAt: string) => toLot({ type: 'ExtendLotStorage', lot_id: lotId, order_id: orderId, expires_at: expiresAt, now });
  const won = order.lots.map((lot) => {
    if (!lot.auction_ended_at) throw new Error(`order ${orderId}: lot ${lot.lot_id} has no auction end`);
    return extend(lot.lot_id, storageExpiry({ auction_ended_at: lot.auction_ended_at }, order.storage, order.placed_at));
  });
  const stored = order.stored_lot_ids.map((lotId) => {
    const current = state.lots[lotId]?.storageExpiresAt;
    if (!current) throw new Error(`order ${orderId}: stored lot ${lotId} has no storage expiry`);
    return extend(lotId, storageExpiry({ storage_expires_at: current }, order.storage, order.placed_at));
  });
  return [...won, ...stored];
}

function buyerCredits(order: Order, now: string): SettlementOutput[] {
  const { order_id: orderId, user_id: buyer, order_number: number, summary } = order;
  const ids = walletEntryIds(orderId);
  const credit = (entry_id: string, amount: number, kind: 'voucher_remainder' | 'settlement', description: string, reference: string) =>
    toWallet({ type: 'CreditWallet', user_id: buyer, entry_id, amount_pence: amount, kind, description, reference, by: SYSTEM, reason: null, now });
  const remainder = summary.voucher_remainder_amount > 0 && order.voucher_code
    ? [credit(ids.voucherRemainder, summary.voucher_remainder_amount, 'voucher_remainder', `Voucher ${order.voucher_code}: the part above order ${number}`, order.voucher_code)]
    : [];
  const settled = order.service === 'wallet_settle' && summary.debt > 0
    ? [credit(ids.settlement, summary.debt, 'settlement', `Wallet settled by order ${number}`, orderId)]
    : [];
  return [...remainder, ...settled];
}

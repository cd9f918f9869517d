/** An unpaid order cancelled (its card failed, staff, or abandoned): the lots released, the wallet use refunded (kind 'refund'), the voucher use reversed. */
import type { OrderCancelled } from '../events';
import { walletEntryIds } from './entry-ids';
import { SYSTEM, toLot, toVoucher, toWallet, type SettlementOutput } from './outputs';
import { placedOrder, type SettlementState } from './state';

export function onOrderCancelled(cancelled: OrderCancelled['data'], state: SettlementState): SettlementOutput[] {
  const order = placedOrder(state);
  const { order_id: orderId, user_id: buyer } = order;
  const now = cancelled.at;
  const released = [...order.lots.map((l) => l.lot_id), ...order.stored_lot_ids]
    .map((lotId) => toLot({ type: 'ReleaseLotReservation', lot_id: lotId, order_id: orderId, now }));
  const refund = order.summary.used_from_wallet > 0 ? [toWallet({
    type: 'CreditWallet', user_id: buyer, entry_id: walletEntryIds(orderId).refund, amount_pence: order.summary.used_from_wallet, kind: 'refund',
    description: `Refund of the wallet use of cancelled order ${order.order_number}`, reference: orderId, by: SYSTEM, reason: null, now,
  })] : [];
  const voucher = order.voucher_code ? [toVoucher({ type: 'ReverseVoucherRedemption', code: order.voucher_code, order_id: orderId, now })] : [];
  return [...released, ...refund, ...voucher];
}

/**
 * An order placed: every won lot and included stored lot held for it, the wallet use debited (kind 'checkout'), the
 * voucher redeemed; and, when nothing is left to pay (wallet and voucher cover it), the order paid at once.
 */
import type { OrderPlaced } from '../events';
import { walletEntryIds } from './entry-ids';
import { toLot, toOrder, toVoucher, toWallet, type SettlementOutput } from './outputs';

export function onOrderPlaced(order: OrderPlaced['data']): SettlementOutput[] {
  const { order_id: orderId, user_id: buyer, placed_at: now } = order;
  const { used_from_wallet: walletUse, voucher_discount_amount: discount, credit_debit_card: toPay } = order.summary;
  const held = [...order.lots.map((l) => l.lot_id), ...order.stored_lot_ids]
    .map((lotId) => toLot({ type: 'ReserveLot', lot_id: lotId, order_id: orderId, buyer_id: buyer, now }));
  const wallet = walletUse > 0 ? [toWallet({
    type: 'DebitWallet', user_id: buyer, entry_id: walletEntryIds(orderId).use, amount_pence: walletUse, kind: 'checkout',
    description: `Used for order ${order.order_number}`, reference: orderId, by: buyer, reason: null, now,
  })] : [];
  const voucher = order.voucher_code ? [toVoucher({
    type: 'RedeemVoucher', code: order.voucher_code, user_id: buyer, order_id: orderId, discount_pence: discount, now,
  })] : [];
  const paidAtOnce = toPay === 0 ? [toOrder({ type: 'PayOrder', order_id: orderId, method: 'NONE', payment_id: null, reference: null, by: buyer, now })] : [];
  return [...held, ...wallet, ...voucher, ...paidAtOnce];
}

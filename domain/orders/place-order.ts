/** Placing an order: recorded once, awaiting payment (paying at once, when nothing is left to pay, is PayOrder). */
import { RuleBroken, ValidationError } from '../shared/errors';
import { CARD_PAYMENT_LIMIT_PENCE } from '../checkout/rates';
import type { PaymentMethod, PriceSummary } from '../checkout/types';
import type { PlaceOrder } from './commands';
import type { OrderEvent } from './events';
import { ORDER_MSG } from './messages';
import type { OrderState } from './state';

export function placeOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  // A retry of the same placement (same order id) records nothing.
  if (state.status !== 'none') return [];
  const { order } = command;
  const lotIds = [...order.lots.map((l) => l.lot_id), ...order.stored_lot_ids];
  if (order.service === 'wallet_settle') {
    if (lotIds.length > 0) throw new ValidationError({ lots: [ORDER_MSG.settleHasLots] });
  } else if (lotIds.length === 0) {
    throw new ValidationError({ lots: [ORDER_MSG.noLots] });
  }
  if (new Set(lotIds).size !== lotIds.length) throw new ValidationError({ lots: [ORDER_MSG.duplicateLot] });
  checkCardLimit(order.payment_method, order.summary);
  const { total, credit_debit_card, used_from_wallet, voucher_discount_amount } = order.summary;
  for (const amount of [total, credit_debit_card, used_from_wallet, voucher_discount_amount]) {
    // The price summary is computed by the server: a bad figure is a bug, never the user's input.
    if (!Number.isInteger(amount) || amount < 0) throw new Error(`order ${order.order_id}: bad summary amount ${amount}`);
  }
  return [{ type: 'OrderPlaced', data: { ...order, placed_at: command.now } }];
}

/** A card payment over the house's limit is refused: before the card is asked (create_order), and here. */
export function checkCardLimit(method: PaymentMethod | null, summary: Pick<PriceSummary, 'credit_debit_card'>): void {
  if (method === 'CARD' && summary.credit_debit_card > CARD_PAYMENT_LIMIT_PENCE) throw new RuleBroken(ORDER_MSG.overCardLimit);
}

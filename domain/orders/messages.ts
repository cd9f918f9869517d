/** The user- and staff-facing messages of orders and lot purchases. */
import type { OrderStatus } from './events';
import { CARD_PAYMENT_LIMIT_PENCE } from '../checkout/rates';
import { formatPounds } from '../catalogue/lot/format';

const label = (status: OrderStatus) => status.replace(/_/g, ' ');

export const ORDER_MSG = {
  notFound: 'Order not found.',
  alreadyPaid: 'This order is already paid.',
  cancelled: 'This order has been cancelled.',
  paidCannotCancel: 'A paid order cannot be cancelled.',
  notPaidYet: 'This order is not paid yet.',
  cannotMove: (from: OrderStatus, to: OrderStatus) => `An order cannot move from ${label(from)} to ${label(to)}.`,
  noLots: 'An order needs at least one lot.',
  settleHasLots: 'Wallet settle pays only the debt: it takes no lots.',
  duplicateLot: 'A lot can be in an order only once.',
  reasonRequired: 'A reason is required.',
  /** docs/checkout-api.md: create_order with lots held by another order (409). */
  lotsTaken: 'Some of these lots are already in another order.',
  lotNotReserved: 'This lot is not reserved for this order.',
  lotNotPaid: 'This lot is not paid yet.',
  lotNotStored: 'This lot is not in storage.',
  /** create_order and the checkout's Place Order (docs/checkout.md "A limit on card payments"). */
  overCardLimit: `Card payments are limited to ${formatPounds(CARD_PAYMENT_LIMIT_PENCE)} per order. Please pay this order by bank transfer.`,
  /** A buyer cancelling their own order (POST /api/orders/{id}/cancel/, docs/checkout.md). */
  notAwaitingPayment: 'This order is no longer awaiting payment.',
  onlyCardOrdersByBuyer: 'Only an order awaiting a card payment can be cancelled here: please contact us to cancel this one.',
  cancelledByBuyer: 'Cancelled by the buyer before the card payment was completed.',
} as const;

/**
 * The buyer's order emails (docs/notifications.md "Order emails"): the confirmation when an order is placed, the
 * receipt when it is paid, and the cancellation when a confirmed order is cancelled. Plain template functions over the order as the read model holds it; every value is
 * escaped in the HTML.
 */
import { buttonEmail as layout, type Email } from '../../infra/mail/layout';
import { receiptMoney } from '../wallet/receipt-pdf';
import { orderCarrier } from '../checkout/addresses';
import { addressLines, paymentStatusText } from '../checkout/invoice-pdf';
import type { OrderRow } from '../checkout/order-views';
import type { OrderCancelled } from '../../domain/orders/events';
import { PAYMENTS } from '../../domain/orders/settlement/card-payment';

export interface EmailBuyer { email: string; first_name: string }

const METHOD_DUE: Record<string, string> = {
  UK_BANK: 'by UK bank transfer', INT_BANK: 'by international bank transfer', IN_STORE: 'in store',
};

/** How the lots reach the buyer: the carrier and address for delivery, else the service. */
function receivingLine(order: Pick<OrderRow, 'service' | 'shipping_address'>): string {
  if (order.service === 'delivery') {
    const carrier = orderCarrier(order);
    const to = order.shipping_address ? ` to ${addressLines(order.shipping_address).join(', ')}` : '';
    return carrier ? `Delivery by ${carrier}${to}.` : `Delivery${to}.`;
  }
  if (order.service === 'collection') return 'Collection in store: we will tell you when your lots are ready.';
  if (order.service === 'storage') return 'Your lots stay in our storage.';
  return 'This order settles your wallet balance.';
}

function nextStep(order: OrderRow): string {
  const due = Number(order.amount_due_pence);
  if (due === 0 || order.paid_at) return 'There is nothing left to pay: your receipt follows.';
  const method = order.payment_method ?? '';
  if (method === 'CARD') return `${receiptMoney(due)} is being charged to your card; your receipt follows once the payment is confirmed.`;
  const amountDue = `Amount due: ${receiptMoney(due)} ${METHOD_DUE[method] ?? ''}`.trim();
  return `${amountDue}, quoting ${order.order_number} as the reference. The payment details are on your order.`;
}

export function orderPlacedEmail(publicUrl: string, buyer: EmailBuyer, order: OrderRow, stored: { reference_no: string; title: string }[]): Email {
  const lots = [
    ...order.lots.map((l) => `Lot ${l.reference_no}: ${l.title}`),
    ...stored.map((l) => `Lot ${l.reference_no}: ${l.title} (from storage)`),
  ];
  return layout(buyer.email, `Your order ${order.order_number} is confirmed`, buyer.first_name, [
    `Thank you for your order ${order.order_number}.`,
    ...lots,
    receivingLine(order),
    `Order total: ${receiptMoney(Number(order.total_pence))}.`,
    nextStep(order),
  ], `${publicUrl}/account/orders`, 'See your order');
}

export function orderPaidEmail(publicUrl: string, buyer: EmailBuyer, order: OrderRow): Email {
  return layout(buyer.email, `Receipt for your order ${order.order_number}`, buyer.first_name, [
    `We have received your payment for order ${order.order_number}: thank you.`,
    `Order total: ${receiptMoney(Number(order.total_pence))}. ${paymentStatusText(order)}`,
    receivingLine(order),
    'The invoice can be downloaded from your orders.',
  ], `${publicUrl}/account/orders`, 'See your order');
}

/**
 * Why, in the buyer's words. The house's own reasons (the card declined, the payment not completed in time) are
 * quoted; a staff member's reason is their note for the house, so the buyer is told who, not the note.
 */
function cancelledBecause(order: OrderRow, cancel: OrderCancelled['data']): string {
  if (cancel.by === order.user_id) return 'You cancelled it before its card payment was completed.';
  if (cancel.by === PAYMENTS || cancel.by === 'system') return cancel.reason;
  return 'Our team cancelled it. If you did not expect this, please contact us.';
}

export function orderCancelledEmail(publicUrl: string, buyer: EmailBuyer, order: OrderRow, cancel: OrderCancelled['data']): Email {
  const summary = order.summary;
  const lots = order.lots.length + order.stored_lot_ids.length;
  const givenBack = summary.used_from_wallet > 0 || summary.voucher_discount_amount > 0;
  return layout(buyer.email, `Your order ${order.order_number} is cancelled`, buyer.first_name, [
    `Your order ${order.order_number} is cancelled. ${cancelledBecause(order, cancel)}`,
    ...(lots > 0 ? ['Its lots are back in your checkout, to pay for again.'] : []),
    ...(givenBack ? ['What it took from your wallet, and the voucher it used, are given back.'] : []),
    ...(order.payment_method === 'CARD' ? ['Nothing was charged for it: a card payment for it that still goes through is refunded.'] : []),
  ], `${publicUrl}${lots > 0 ? '/checkout' : '/account/orders'}`, lots > 0 ? 'Go to checkout' : 'See your orders');
}
